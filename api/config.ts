import { isAbsolute, resolve } from 'node:path';
import * as yup from 'yup';
import { projectRoot } from './paths';

/**
 * Every environment variable Fuelyard reads, validated once at start-up. A bad value stops the
 * process with a message that names the variable. The README's configuration table mirrors this.
 */
const schema = yup.object({
  NODE_ENV: yup.string().oneOf(['development', 'production', 'test']).default('production'),
  HOST: yup.string().trim().default('0.0.0.0'),
  PORT: yup.number().integer().min(0).max(65535).default(3000),
  DATABASE_URL: yup
    .string()
    .trim()
    .matches(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_POOL_SIZE: yup.number().integer().min(1).max(200).default(10),
  DATA_DIR: yup.string().trim().default('data'),
  LOG_LEVEL: yup
    .string()
    .oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info'),
  SEED_DEMO_CATALOGUE: yup.boolean().default(true),
  UPLOADS_BASE_URL: yup
    .string()
    .trim()
    .url('UPLOADS_BASE_URL must be an absolute URL')
    .default('https://storage.googleapis.com/fuelyard-uploads/'),
  PUBLIC_URL: yup.string().trim().url('PUBLIC_URL must be an absolute URL').optional(),
  SHUTDOWN_TIMEOUT_MS: yup.number().integer().min(0).max(120_000).default(10_000),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  dataDir: string;
  pgliteDir: string;
  logLevel: string;
  seedDemoCatalogue: boolean;
  uploadsBaseUrl: string;
  publicUrl: string | undefined;
  shutdownTimeoutMs: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the environment. Empty strings count as "not set". */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const input: Record<string, string> = {};
  for (const key of Object.keys(schema.fields)) {
    const value = env[key];
    if (value !== undefined && value.trim() !== '') input[key] = value;
  }
  let parsed: yup.InferType<typeof schema>;
  try {
    parsed = schema.validateSync(input, { abortEarly: false, stripUnknown: true });
  } catch (error) {
    if (error instanceof yup.ValidationError) {
      throw new ConfigError(
        error.inner.length > 0
          ? error.inner.map((e) => `${e.path ?? '?'}: ${friendly(e)}`)
          : [error.message],
      );
    }
    throw error;
  }
  const dataDir = isAbsolute(parsed.DATA_DIR)
    ? parsed.DATA_DIR
    : resolve(projectRoot, parsed.DATA_DIR);
  return {
    env: parsed.NODE_ENV as Config['env'],
    host: parsed.HOST,
    port: parsed.PORT,
    databaseUrl: parsed.DATABASE_URL,
    databasePoolSize: parsed.DATABASE_POOL_SIZE,
    dataDir,
    pgliteDir: resolve(dataDir, 'pg'),
    logLevel: parsed.LOG_LEVEL,
    seedDemoCatalogue: parsed.SEED_DEMO_CATALOGUE,
    uploadsBaseUrl: parsed.UPLOADS_BASE_URL,
    publicUrl: parsed.PUBLIC_URL,
    shutdownTimeoutMs: parsed.SHUTDOWN_TIMEOUT_MS,
  };
}

function friendly(error: yup.ValidationError): string {
  if (error.type === 'typeError')
    return `expected a ${String(error.params?.type ?? 'different')} value, got "${String(error.value)}"`;
  return error.message;
}
