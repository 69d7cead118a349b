import { describe, expect, it } from 'vitest';
import { retryOnConflict, transactionConflictTries } from './failures';

/** A failed query as Drizzle throws it: PostgreSQL's error (with its SQLSTATE) as the cause. */
function failedQuery(code: string): Error {
  return new Error('Failed query: update delivery_days …', {
    cause: Object.assign(new Error('deadlock detected'), { code }),
  });
}

describe('retryOnConflict', () => {
  it('runs a transaction again after a deadlock or a serialization failure', async () => {
    for (const code of ['40P01', '40001']) {
      let runs = 0;
      const result = await retryOnConflict(() => {
        runs += 1;
        return runs === 1 ? Promise.reject(failedQuery(code)) : Promise.resolve('placed');
      });
      expect(result, code).toBe('placed');
      expect(runs, code).toBe(2);
    }
  });

  it('gives up after its tries, with the last conflict', async () => {
    let runs = 0;
    const last = failedQuery('40P01');
    await expect(
      retryOnConflict(() => {
        runs += 1;
        return Promise.reject(runs === transactionConflictTries ? last : failedQuery('40P01'));
      }),
    ).rejects.toBe(last);
    expect(runs).toBe(transactionConflictTries);
  });

  it('never runs again after any other failure', async () => {
    for (const error of [failedQuery('23505'), new Error('No room left')]) {
      let runs = 0;
      await expect(
        retryOnConflict(() => {
          runs += 1;
          return Promise.reject(error);
        }),
      ).rejects.toBe(error);
      expect(runs).toBe(1);
    }
  });
});
