/**
 * Start-up failures that the operator can fix (a busy port, an unreachable PostgreSQL, an unusable
 * or busy DATA_DIR). api/server.ts prints each as one line, `Fuelyard cannot start. <message>`,
 * and exits with code 1: no stack trace, and never a password from DATABASE_URL.
 */
export class StartupError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StartupError';
  }
}

interface SystemError {
  code?: unknown;
  message?: unknown;
  errors?: unknown;
}

/** The error's code (ECONNREFUSED, 28P01, …), looking inside an AggregateError too. */
export function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, errors } = error as SystemError;
  if (typeof code === 'string' && code !== '') return code;
  if (Array.isArray(errors)) return errors.map(errorCode).find((c) => c !== undefined);
  return undefined;
}

function errorMessage(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const { message } = error as SystemError;
    if (typeof message === 'string' && message !== '') return message;
  }
  return String(error);
}

/** `app.listen` failed: EADDRINUSE, EACCES (a privileged port), EADDRNOTAVAIL (a foreign HOST). */
export function listenError(error: unknown, host: string, port: number): StartupError {
  const code = errorCode(error);
  const where = `port ${port} on ${host}`;
  switch (code) {
    case 'EADDRINUSE':
      return new StartupError(
        `Port ${port} is already in use (EADDRINUSE). Stop the other program or set PORT to a free port.`,
        { cause: error },
      );
    case 'EACCES':
    case 'EPERM':
      return new StartupError(
        `This user may not listen on ${where} (${code}). Set PORT to 1024 or above, or put a reverse proxy in front.`,
        { cause: error },
      );
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new StartupError(
        `HOST ${host} is not an address of this machine (${code}). Set HOST to one of its addresses, or to 0.0.0.0 for all.`,
        { cause: error },
      );
    default:
      return new StartupError(
        `Cannot listen on ${where} (${code ?? 'error'}: ${errorMessage(error)}).`,
        { cause: error },
      );
  }
}

const fsProblems: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENOTDIR: 'part of the path is a file, not a folder',
  EEXIST: 'it is a file, not a folder',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  ENOENT: 'no such file or folder',
  ELOOP: 'too many symbolic links',
  ENAMETOOLONG: 'the path is too long',
};

/** A file-system error with one of the codes above: DATA_DIR cannot be used. */
export function isDataDirProblem(error: unknown): boolean {
  const code = errorCode(error);
  return code !== undefined && code in fsProblems;
}

/** DATA_DIR (or a folder in it) cannot be created or written. */
export function dataDirError(error: unknown, dataDir: string): StartupError {
  const code = errorCode(error) ?? 'error';
  const problem = fsProblems[code] ?? errorMessage(error);
  return new StartupError(
    `DATA_DIR ${dataDir} cannot be used: ${problem} (${code}). Make it a folder the user running Fuelyard can write to, or set DATA_DIR to one.`,
    { cause: error },
  );
}

/**
 * Where DATABASE_URL points, for a message: host, port and database only. The user name and
 * password are never shown.
 */
export function describePostgresUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
    return `${parsed.hostname || 'localhost'}:${parsed.port || '5432'}${database ? `/${database}` : ''}`;
  } catch {
    return '(DATABASE_URL)';
  }
}

const connectionCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/** The first query on a new PostgreSQL pool failed: unreachable, refused, unknown database, … */
export function postgresError(error: unknown, url: string): StartupError {
  const where = `the PostgreSQL database at ${describePostgresUrl(url)}`;
  const code = errorCode(error);
  const message = scrub(errorMessage(error), url);
  if (code !== undefined && connectionCodes.has(code)) {
    return new StartupError(
      `Cannot connect to ${where} (${code}). Check DATABASE_URL and that PostgreSQL is running and reachable from here.`,
      { cause: error },
    );
  }
  if (/timeout/i.test(message)) {
    return new StartupError(
      `Cannot connect to ${where}: no answer within the connection timeout. Check DATABASE_URL and that PostgreSQL is running and reachable from here.`,
      { cause: error },
    );
  }
  // A PostgreSQL error (28P01 wrong password, 3D000 no such database, 28000 not allowed, …): the
  // server's message names the user or the database, never the password.
  return new StartupError(
    `Cannot use ${where}: ${message}${code ? ` (${code})` : ''}. Check DATABASE_URL.`,
    { cause: error },
  );
}

/** Belt and braces: a message never repeats DATABASE_URL's password. */
function scrub(message: string, url: string): string {
  try {
    const password = decodeURIComponent(new URL(url).password);
    return password ? message.split(password).join('***') : message;
  } catch {
    return message;
  }
}

/** Longest line printed for one error of a start-up failure. */
const maxLineLength = 500;
/** How many errors of a `cause` chain are printed. */
const maxCauses = 8;

/** One error as one line: its message (line breaks folded) and its code, without a stack. */
function describeOne(error: unknown, url: string | undefined): string {
  const code = errorCode(error);
  let text = errorMessage(error)
    .replace(/\s*\n\s*/g, ' ')
    .trim();
  if (url) text = scrub(text, url);
  if (code !== undefined && !text.includes(code)) text += ` (${code})`;
  return text.length > maxLineLength ? `${text.slice(0, maxLineLength - 1)}…` : text;
}

/** The next error down: `cause`, else the first of an AggregateError's `errors`. */
function causeOf(error: unknown): unknown {
  if (typeof error !== 'object' || error === null) return undefined;
  const { cause, errors } = error as { cause?: unknown; errors?: unknown };
  if (cause !== undefined) return cause;
  return Array.isArray(errors) ? errors[0] : undefined;
}

/**
 * What api/server.ts prints when start-up fails, one line per entry, never a stack trace.
 *
 * A StartupError is one line: its message already says what its cause means and what to do. Any
 * other failure (a migration that failed, a bug) is its message and then every error of its
 * `cause` chain, one line each, so the real reason (a timeout under "Failed query: …") is seen.
 * DATABASE_URL's password is never printed.
 */
export function startupFailureLines(error: unknown, databaseUrl?: string): string[] {
  if (error instanceof StartupError) {
    return [`Fuelyard cannot start. ${error.message.replace(/\s*\n\s*/g, ' ')}`];
  }
  const lines = [`Fuelyard failed to start: ${describeOne(error, databaseUrl)}`];
  const seen = new Set<unknown>([error]);
  for (let cause = causeOf(error); cause !== undefined && !seen.has(cause);) {
    if (lines.length > maxCauses) {
      lines.push('  caused by: …');
      break;
    }
    seen.add(cause);
    lines.push(`  caused by: ${describeOne(cause, databaseUrl)}`);
    cause = causeOf(cause);
  }
  return lines;
}
