import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger';

function capture() {
  const lines: string[] = [];
  const logger = createLogger('info', {}, { write: (line: string) => lines.push(line) });
  return { logger, lines };
}

describe('logger', () => {
  it('never writes the bound values of a failed query, but keeps the SQL and the stack', () => {
    const { logger, lines } = capture();
    const error = new DrizzleQueryError(
      'insert into "enquiries" ("name", "email") values ($1, $2)',
      ['Aoife Murphy', 'aoife@murphyfuels.co.uk'],
      new Error('connection terminated'),
    );
    logger.error({ err: error }, 'request failed');
    expect(lines).toHaveLength(1);
    const line = lines[0] ?? '';
    expect(line).not.toContain('Aoife');
    expect(line).not.toContain('aoife@murphyfuels.co.uk');
    const { err } = JSON.parse(line) as { err: Record<string, unknown> };
    expect(err.message).toBe(
      'Failed query: insert into "enquiries" ("name", "email") values ($1, $2)\nparams: [redacted]',
    );
    expect(err.params).toBeUndefined();
    expect(String(err.stack)).toMatch(/^\w*Error: Failed query: insert[\s\S]*\n {4}at /);
    expect(JSON.stringify(err.cause)).toContain('connection terminated');
  });

  it('redacts a failed query anywhere in the cause chain, and stops on a loop', () => {
    const { logger, lines } = capture();
    const query = new DrizzleQueryError(
      'select * from "carts" where "id" = $1',
      ['4f0c1d2e-private-cart-id'],
      new Error('Connection terminated unexpectedly'),
    );
    const outer = new Error('The shop cannot reach its database just now.', {
      cause: new Error('wrapped', { cause: query }),
    });
    logger.error({ err: outer }, 'request failed');
    const line = lines[0] ?? '';
    expect(line).not.toContain('4f0c1d2e-private-cart-id');
    expect(line).toContain('params: [redacted]');
    expect(line).toContain('Connection terminated unexpectedly');

    const a = new Error('a');
    const b = new Error('b', { cause: a });
    (a as { cause?: unknown }).cause = b;
    logger.error({ err: a }, 'loop');
    expect(lines).toHaveLength(2);
  });

  it('serializes other errors as pino does', () => {
    const { logger, lines } = capture();
    logger.error({ err: Object.assign(new Error('boom'), { code: 'E1' }) }, 'failed');
    const { err } = JSON.parse(lines[0] ?? '{}') as { err: Record<string, unknown> };
    expect(err).toMatchObject({ type: 'Error', message: 'boom', code: 'E1' });
    expect(String(err.stack)).toContain('Error: boom');
  });
});
