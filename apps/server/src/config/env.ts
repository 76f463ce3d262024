import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const positiveInt = z.coerce.number().int().positive();

// The built SPA sits beside the server in the monorepo: apps/web/dist.
const defaultWebDistDir = fileURLToPath(new URL('../../../web/dist', import.meta.url));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  DATABASE_URL: z
    .string()
    .min(1)
    .default('./data/shipdeck.db')
    .refine(
      (value) => !/^[a-z]+:\/\//i.test(value) || /^postgres(ql)?:\/\//i.test(value),
      'must be a SQLite file path or a postgres:// URL',
    ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: booleanFlag.default(false),
  WEB_DIST_DIR: z.string().min(1).default(defaultWebDistDir),
  SESSION_TTL_DAYS: positiveInt.default(30),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: positiveInt.default(900),
  AUTH_RATE_LIMIT_PER_IP: positiveInt.default(30),
  AUTH_RATE_LIMIT_PER_ACCOUNT: positiveInt.default(10),
});

export type Env = z.infer<typeof envSchema>;

export type DatabaseConfig =
  | { dialect: 'sqlite'; filename: string }
  | { dialect: 'postgres'; connectionString: string; schema?: string };

export interface AppConfig {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  publicUrl: string;
  database: DatabaseConfig;
  logLevel: Env['LOG_LEVEL'];
  trustProxy: boolean;
  webDistDir: string;
  sessionTtlDays: number;
  authRateLimit: { windowSeconds: number; perIp: number; perAccount: number };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function parseDatabaseUrl(url: string): DatabaseConfig {
  if (/^postgres(ql)?:\/\//i.test(url)) return { dialect: 'postgres', connectionString: url };
  return { dialect: 'sqlite', filename: url.replace(/^sqlite:/i, '') };
}

/** Validates the environment once; every problem is listed so a self-hoster fixes them in one go. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
      .join('\n');
    throw new ConfigError(`Invalid configuration:\n${problems}`);
  }
  const env = parsed.data;
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    publicUrl: env.PUBLIC_URL.replace(/\/$/, ''),
    database: parseDatabaseUrl(env.DATABASE_URL),
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    webDistDir: env.WEB_DIST_DIR,
    sessionTtlDays: env.SESSION_TTL_DAYS,
    authRateLimit: {
      windowSeconds: env.AUTH_RATE_LIMIT_WINDOW_SECONDS,
      perIp: env.AUTH_RATE_LIMIT_PER_IP,
      perAccount: env.AUTH_RATE_LIMIT_PER_ACCOUNT,
    },
  };
}
