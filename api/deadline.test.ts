import { describe, expect, it } from 'vitest';
import { withDeadline } from './deadline';

const later = <T>(ms: number, value: T) =>
  new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('withDeadline', () => {
  it('answers what the work gives in time', async () => {
    await expect(withDeadline(later(1, 'done'), 1_000, () => new Error('late'))).resolves.toBe(
      'done',
    );
  });

  it('rejects with the timeout error, and hands a late answer to `late`', async () => {
    const handed: string[] = [];
    const work = later(30, 'connection');
    await expect(
      withDeadline(
        work,
        1,
        () => new Error('no answer'),
        (value) => handed.push(value),
      ),
    ).rejects.toThrow('no answer');
    await work;
    expect(handed).toEqual(['connection']);
  });

  it('passes a failure on, wrapping anything that is not an Error', async () => {
    await expect(
      withDeadline(Promise.reject(new TypeError('bad')), 1_000, () => new Error('x')),
    ).rejects.toBeInstanceOf(TypeError);
    await expect(
      withDeadline(Promise.reject('text') as Promise<never>, 1_000, () => new Error('x')),
    ).rejects.toThrow('text');
  });
});
