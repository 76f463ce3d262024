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
  PUBLIC_URL: z.url().optional(),
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
  GITHUB_CLIENT_ID: z.string().min(1).optional(),
  GITHUB_CLIENT_SECRET: z.string().min(1).optional(),
  GITHUB_API_URL: z.url().default('https://api.github.com'),
  GITHUB_WEB_URL: z.url().default('https://github.com'),
  ENCRYPTION_KEY: z
    .string()
    .refine((value) => decodeKey(value) !== null, 'must be 32 bytes as 64 hex digits or base64')
    .optional(),
  ENCRYPTION_KEY_PREVIOUS: z
    .string()
    .refine(
      (value) => splitKeys(value).every((key) => decodeKey(key) !== null),
      'must be comma-separated 32-byte keys, each 64 hex digits or base64',
    )
    .optional(),
  DEMO_MODE: z.enum(['auto', 'true', 'false']).default('auto'),
  EMULATOR_PORT: z.coerce.number().int().min(0).max(65_535).default(0),
});

export type Env = z.infer<typeof envSchema>;

/** Accepts 64 hex digits or base64 of 32 bytes (`openssl rand -base64 32`). */
export function decodeKey(value: string): Buffer | null {
  const key = /^[0-9a-f]{64}$/i.test(value)
    ? Buffer.from(value, 'hex')
    : Buffer.from(value, 'base64');
  return key.length === 32 ? key : null;
}

function splitKeys(value: string): string[] {
  return value
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean);
}

export interface GithubConfig {
  clientId: string;
  clientSecret: string;
  apiUrl: string;
  webUrl: string;
}

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
  /** Null when GitHub sign-in is not configured (and demo mode is off). */
  github: GithubConfig | null;
  /** On when no GitHub credentials are set: the built-in emulator stands in for GitHub and Vercel. */
  demoMode: boolean;
  /** Port of the in-process emulator in demo mode; 0 picks a free one. */
  emulatorPort: number;
  /** Null means "derive one": main.ts keeps a key file beside a SQLite database. */
  encryptionKey: Buffer | null;
  /** Keys sealed values may still be under while ENCRYPTION_KEY is rotated; opened, never used to seal. */
  previousEncryptionKeys: Buffer[];
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
  const hasGithubCredentials = Boolean(env.GITHUB_CLIENT_ID && env.GITHUB_CLIENT_SECRET);
  if (Boolean(env.GITHUB_CLIENT_ID) !== Boolean(env.GITHUB_CLIENT_SECRET)) {
    throw new ConfigError(
      'Invalid configuration:\n  GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET must be set together',
    );
  }
  const database = parseDatabaseUrl(env.DATABASE_URL);
  if (database.dialect === 'postgres' && !env.ENCRYPTION_KEY && env.NODE_ENV !== 'test') {
    throw new ConfigError(
      'Invalid configuration:\n  ENCRYPTION_KEY is required with PostgreSQL, so every instance seals provider tokens with the same key',
    );
  }
  const demoMode = env.DEMO_MODE === 'auto' ? !hasGithubCredentials : env.DEMO_MODE === 'true';
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    database,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    webDistDir: env.WEB_DIST_DIR,
    sessionTtlDays: env.SESSION_TTL_DAYS,
    authRateLimit: {
      windowSeconds: env.AUTH_RATE_LIMIT_WINDOW_SECONDS,
      perIp: env.AUTH_RATE_LIMIT_PER_IP,
      perAccount: env.AUTH_RATE_LIMIT_PER_ACCOUNT,
    },
    github:
      env.GITHUB_CLIENT_ID && env.GITHUB_CLIENT_SECRET
        ? {
            clientId: env.GITHUB_CLIENT_ID,
            clientSecret: env.GITHUB_CLIENT_SECRET,
            apiUrl: env.GITHUB_API_URL.replace(/\/$/, ''),
            webUrl: env.GITHUB_WEB_URL.replace(/\/$/, ''),
          }
        : null,
    demoMode,
    emulatorPort: env.EMULATOR_PORT,
    encryptionKey: env.ENCRYPTION_KEY ? decodeKey(env.ENCRYPTION_KEY) : null,
    previousEncryptionKeys: splitKeys(env.ENCRYPTION_KEY_PREVIOUS ?? '').flatMap(
      (key) => decodeKey(key) ?? [],
    ),
  };
}
