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

  it('serializes other errors as pino does', () => {
    const { logger, lines } = capture();
    logger.error({ err: Object.assign(new Error('boom'), { code: 'E1' }) }, 'failed');
    const { err } = JSON.parse(lines[0] ?? '{}') as { err: Record<string, unknown> };
    expect(err).toMatchObject({ type: 'Error', message: 'boom', code: 'E1' });
    expect(String(err.stack)).toContain('Error: boom');
  });
});
