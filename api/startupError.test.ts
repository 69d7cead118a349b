import { describe, expect, it } from 'vitest';
import {
  dataDirError,
  describePostgresUrl,
  errorCode,
  listenError,
  postgresError,
  StartupError,
  startupFailureLines,
} from './startupError';

const systemError = (code: string, message = `${code}: something`) =>
  Object.assign(new Error(message), { code });

describe('start-up failures in one line', () => {
  it('names where DATABASE_URL points, never who or with which password', () => {
    expect(describePostgresUrl('postgres://shop:s3cret@db.internal:6543/fuelyard')).toBe(
      'db.internal:6543/fuelyard',
    );
    expect(describePostgresUrl('postgresql://shop:s3cret@db.internal')).toBe('db.internal:5432');
    expect(describePostgresUrl('not a url s3cret')).toBe('(DATABASE_URL)');
  });

  it('tells an unreachable PostgreSQL from one that refuses, without the password', () => {
    const url = 'postgres://shop:s3cret@127.0.0.1:1/fuelyard';
    expect(postgresError(systemError('ECONNREFUSED'), url).message).toBe(
      'Cannot connect to the PostgreSQL database at 127.0.0.1:1/fuelyard (ECONNREFUSED). Check DATABASE_URL and that PostgreSQL is running and reachable from here.',
    );
    const refused = postgresError(
      systemError('28P01', 'password authentication failed for user "shop" (s3cret)'),
      url,
    ).message;
    expect(refused).toContain('(28P01)');
    expect(refused).not.toContain('s3cret');
    expect(
      postgresError(new Error('Connection terminated due to connection timeout'), url).message,
    ).toContain('no answer within the connection timeout');
  });

  it('finds the code inside an AggregateError (both addresses of localhost refused)', () => {
    const both = new AggregateError([systemError('ECONNREFUSED'), systemError('ECONNREFUSED')]);
    expect(errorCode(both)).toBe('ECONNREFUSED');
  });

  it('explains the usual listen failures', () => {
    expect(listenError(systemError('EADDRINUSE'), '0.0.0.0', 3000).message).toBe(
      'Port 3000 is already in use (EADDRINUSE). Stop the other program or set PORT to a free port.',
    );
    expect(listenError(systemError('EACCES'), '0.0.0.0', 80).message).toContain(
      'Set PORT to 1024 or above',
    );
    expect(listenError(systemError('EADDRNOTAVAIL'), '10.9.9.9', 3000).message).toContain(
      'HOST 10.9.9.9 is not an address of this machine',
    );
  });

  it('says what is wrong with DATA_DIR', () => {
    expect(dataDirError(systemError('EROFS'), '/srv/fuelyard').message).toBe(
      'DATA_DIR /srv/fuelyard cannot be used: read-only file system (EROFS). Make it a folder the user running Fuelyard can write to, or set DATA_DIR to one.',
    );
  });
});

describe('what a failed start prints', () => {
  it('prints a StartupError as its one line', () => {
    const error = new StartupError('Port 80 is in use.\nStop it.', { cause: systemError('X') });
    expect(startupFailureLines(error)).toEqual([
      'Fuelyard cannot start. Port 80 is in use. Stop it.',
    ]);
  });

  it('prints any other failure with its cause chain, one line each, no stack', () => {
    const timeout = new Error('Connection terminated due to connection timeout');
    const query = new Error('Failed query: CREATE SCHEMA IF NOT EXISTS "drizzle"\nparams: ', {
      cause: timeout,
    });
    const lines = startupFailureLines(query);
    expect(lines).toEqual([
      'Fuelyard failed to start: Failed query: CREATE SCHEMA IF NOT EXISTS "drizzle" params:',
      '  caused by: Connection terminated due to connection timeout',
    ]);
    expect(lines.join('\n')).not.toMatch(/\bat /);
  });

  it('adds codes, follows an AggregateError, hides the password and stops on a loop', () => {
    const url = 'postgres://shop:s3cret@db.internal/fuelyard';
    const inner = systemError('ECONNREFUSED', 'connect to shop:s3cret failed');
    const outer = new Error('Failed query: select 1', {
      cause: new AggregateError([inner], 'all addresses failed'),
    });
    expect(startupFailureLines(outer, url)).toEqual([
      'Fuelyard failed to start: Failed query: select 1',
      '  caused by: all addresses failed (ECONNREFUSED)',
      '  caused by: connect to shop:*** failed (ECONNREFUSED)',
    ]);
    const a = new Error('a');
    const b = new Error('b', { cause: a });
    (a as { cause?: unknown }).cause = b;
    expect(startupFailureLines(a)).toEqual(['Fuelyard failed to start: a', '  caused by: b']);
    let deep: Error = new Error('bottom');
    for (let i = 0; i < 20; i++) deep = new Error(`level ${i}`, { cause: deep });
    const printed = startupFailureLines(deep);
    expect(printed.length).toBeLessThanOrEqual(10);
    expect(printed.at(-1)).toBe('  caused by: …');
  });
});
