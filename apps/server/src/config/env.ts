import { fileURLToPath } from 'node:url';
import { signupModeSchema, type SignupMode } from '@shipdeck/shared/roles';
import { DEFAULT_SLACK_WEBHOOK_HOSTS } from '@shipdeck/shared/team-reminders';
import { z } from 'zod';
import type { PasswordHashCost } from '../lib/password-hash.js';
import { OWASP_PASSWORD_HASH_COST } from '../lib/password-hash.js';

const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const positiveInt = z.coerce.number().int().positive();

// `Name <address>` or a bare address: what a From header holds.
const MAIL_FROM_PATTERN =
  /^(?:[^<>]*<[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)$/;

const DOMAIN_PATTERN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

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
  GITHUB_TIMEOUT_MS: positiveInt.default(8_000),
  HTTP_REQUEST_TIMEOUT_MS: positiveInt.default(10_000),
  HTTP_HEADERS_TIMEOUT_MS: positiveInt.default(5_000),
  HTTP_CONNECTION_TIMEOUT_MS: positiveInt.default(60_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: positiveInt.default(5_000),
  HTTP_MAX_HEADER_SIZE: positiveInt.default(16_384),
  ENCRYPTION_KEY: z
    .string()
    .refine((value) => decodeKey(value) !== null, 'must be 32 bytes as 64 hex digits or base64')
    .optional(),
  VERCEL_API_URL: z.url().default('https://api.vercel.com'),
  VERCEL_TOKEN: z.string().min(1).optional(),
  VERCEL_TEAM_ID: z.string().min(1).optional(),
  ENCRYPTION_KEY_PREVIOUS: z
    .string()
    .refine(
      (value) => splitKeys(value).every((key) => decodeKey(key) !== null),
      'must be comma-separated 32-byte keys, each 64 hex digits or base64',
    )
    .optional(),
  DEMO_MODE: z.enum(['auto', 'true', 'false']).default('auto'),
  // No default here: it depends on demo mode (open there, invite otherwise).
  // Empty (a compose file's `${SIGNUPS:-}`) means unset.
  SIGNUPS: z.preprocess((value) => (value === '' ? undefined : value), signupModeSchema.optional()),
  SIGNUP_EMAIL_DOMAINS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((domain) => domain.trim().toLowerCase().replace(/^@/, ''))
        .filter(Boolean),
    )
    .refine(
      (domains) => domains.every((domain) => DOMAIN_PATTERN.test(domain)),
      'must be a comma-separated list of domains, such as example.com,example.org',
    )
    .default([]),
  EMULATOR_PORT: z.coerce.number().int().min(0).max(65_535).default(0),
  EMULATOR_ADMIN_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
  JOBS_WORKER: booleanFlag.default(true),
  JOBS_POLL_INTERVAL_MS: z.coerce.number().int().min(100).default(2000),
  JOBS_CONCURRENCY: positiveInt.default(1),
  JOBS_EXPIRE_SECONDS: z.coerce.number().int().min(1).default(300),
  GITHUB_WEBHOOK_SECRET: z.string().min(1).optional(),
  VERCEL_WEBHOOK_SECRET: z.string().min(1).optional(),
  WEBHOOK_RATE_LIMIT_PER_MINUTE: positiveInt.default(600),
  DEMO_ACTIVITY_MS: z.coerce.number().int().min(0).default(30_000),
  // smtp:// upgrades with STARTTLS, smtps:// speaks TLS from the start; nothing else sends mail.
  SMTP_URL: z
    .url()
    .refine((value) => /^smtps?:\/\//i.test(value), 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z
    .string()
    .refine(
      (value) => MAIL_FROM_PATTERN.test(value.trim()),
      'must be an address, such as Shipdeck <shipdeck@example.com> or shipdeck@example.com',
    )
    .optional(),
  // Origins a reminder's Slack webhook URL may start with: nothing else is ever called with it.
  // Empty means unset (the default), like the other lists.
  SLACK_WEBHOOK_HOSTS: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((origin) => origin.trim().replace(/\/$/, ''))
          .filter(Boolean),
      )
      .refine(
        (origins) => origins.length > 0 && origins.every(isHttpOrigin),
        'must be a comma-separated list of origins, such as https://hooks.slack.com',
      )
      .default([...DEFAULT_SLACK_WEBHOOK_HOSTS]),
  ),
  // Empty (a compose file's `${METRICS_PORT:-}`) means unset, not port 0.
  METRICS_PORT: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number().int().min(1).max(65_535).optional(),
  ),
});

export type Env = z.infer<typeof envSchema>;

/** `https://host[:port]` (or http), with no path, query or credentials: an origin as URL names it. */
function isHttpOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) && url.origin === value;
  } catch {
    return false;
  }
}

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

/** A registered GitHub OAuth app: what sign-in with GitHub and "Connect with OAuth" need. */
export interface GithubOAuthApp {
  clientId: string;
  clientSecret: string;
  /**
   * Where the server exchanges a code for a token; default `<webUrl>/login/oauth/access_token`.
   * Demo mode sets it: its webUrl is a proxy under PUBLIC_URL, the emulator is on loopback.
   */
  accessTokenUrl?: string;
}

export interface GithubConfig {
  apiUrl: string;
  /** GitHub's web pages (github.com, or a GitHub Enterprise Server): every link to GitHub starts here. */
  webUrl: string;
  /** Null without an OAuth app: GitHub connects by personal access token alone, sign-in is hidden. */
  oauth: GithubOAuthApp | null;
}

export interface VercelConfig {
  apiUrl: string;
  /** A server-wide Vercel token users may connect with in one click (the demo account in demo mode). */
  serverToken: string | null;
  serverTeamId: string | null;
  /** How long 429/5xx answers are retried with backoff (tests shorten it). Default 8 s. */
  retryForMs?: number;
  /** Deadline of each Vercel call (tests shorten it). Default HTTP_TIMEOUT_MS. */
  timeoutMs?: number;
}

/** The operator's SMTP server (SMTP_URL, MAIL_FROM); see modules/mail. */
export interface MailConfig {
  smtpUrl: string;
  from: string;
  /** First retry of a temporary failure after this many seconds, doubling after (tests shorten it). */
  retryDelaySeconds: number;
  /** Temporary failures retried this many times before the message counts as failed. */
  retryLimit: number;
  /** Deadline of each connection, greeting and socket read (tests shorten it). */
  timeoutMs: number;
}

export type DatabaseConfig =
  | { dialect: 'sqlite'; filename: string }
  | { dialect: 'postgres'; connectionString: string; schema?: string };

export interface JobsConfig {
  /** Whether this instance runs background jobs (an instance that only serves the API may not). */
  worker: boolean;
  pollIntervalMs: number;
  /** Jobs of one queue at once per instance, where the queue names no concurrency of its own. */
  concurrency: number;
  /** A job active longer than this is taken for dead and retried. */
  expireInSeconds: number;
}

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
  github: GithubConfig;
  vercel: VercelConfig;
  /** Deadline of every call to GitHub; a slower answer counts as GitHub failing. */
  githubTimeoutMs: number;
  /** Deadline of each GitHub call a background sync makes (tests shorten it). Default 15 s. */
  syncTimeoutMs?: number;
  /** Argon2id cost of new password hashes: always OWASP's baseline, no variable lowers it (tests do). */
  passwordHashCost: PasswordHashCost;
  /** Limits that keep slow or idle clients from holding connections (and file descriptors). */
  http: {
    /** The whole request, headers and body, must arrive within this. */
    requestTimeoutMs: number;
    headersTimeoutMs: number;
    /** An idle socket is closed after this. */
    connectionTimeoutMs: number;
    keepAliveTimeoutMs: number;
    maxHeaderSize: number;
  };
  /** Who may create an account (SIGNUPS, SIGNUP_EMAIL_DOMAINS); see modules/invitations/signup-policy.ts. */
  signups: { mode: SignupMode; emailDomains: string[] };
  /** On when no GitHub credentials are set: the built-in emulator stands in for GitHub and Vercel. */
  demoMode: boolean;
  /** Port of the in-process emulator in demo mode; 0 picks a free one. */
  emulatorPort: number;
  /** Demo mode: key of the emulator's /_emulator admin API; null generates one per start. */
  emulatorAdminKey: string | null;
  /** Demo mode: how often the emulator makes something happen; 0 turns live activity off. */
  demoActivityMs: number;
  /** Shared secrets of the webhook routes; null answers 503 there (demo mode generates them). */
  webhooks: { githubSecret: string | null; vercelSecret: string | null; perMinute: number };
  /** Null means "derive one": main.ts keeps a key file beside a SQLite database. */
  encryptionKey: Buffer | null;
  jobs: JobsConfig;
  /** Keys sealed values may still be under while ENCRYPTION_KEY is rotated; opened, never used to seal. */
  previousEncryptionKeys: Buffer[];
  /** Port of the Prometheus `/metrics` listener on HOST; null serves no metrics (tests use 0). */
  metricsPort: number | null;
  /** Null without SMTP_URL: nothing is mailed (demo mode starts a receiver of its own). */
  mail: MailConfig | null;
  /** From address of every message: MAIL_FROM, else `Shipdeck <shipdeck@PUBLIC_URL's host>`. */
  mailFrom: string;
  /** Origins a reminder's Slack webhook URL may start with (SLACK_WEBHOOK_HOSTS; demo mode adds the emulator). */
  slackWebhookHosts: string[];
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function parseDatabaseUrl(url: string): DatabaseConfig {
  if (/^postgres(ql)?:\/\//i.test(url)) return { dialect: 'postgres', connectionString: url };
  return { dialect: 'sqlite', filename: url.replace(/^sqlite:/i, '') };
}

/** Sending defaults: the first retry within a minute, the last about three hours after the first try. */
export function mailConfig(smtpUrl: string, from: string): MailConfig {
  return { smtpUrl, from, retryDelaySeconds: 30, retryLimit: 8, timeoutMs: 30_000 };
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
  if (env.METRICS_PORT === env.PORT) {
    // The metrics must stay off the public port: a proxy in front would publish them.
    throw new ConfigError('Invalid configuration:\n  METRICS_PORT must differ from PORT');
  }
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  const mailFrom = env.MAIL_FROM?.trim() ?? `Shipdeck <shipdeck@${new URL(publicUrl).hostname}>`;
  const demoMode = env.DEMO_MODE === 'auto' ? !hasGithubCredentials : env.DEMO_MODE === 'true';
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    publicUrl,
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
    github: {
      apiUrl: env.GITHUB_API_URL.replace(/\/$/, ''),
      webUrl: env.GITHUB_WEB_URL.replace(/\/$/, ''),
      oauth:
        env.GITHUB_CLIENT_ID && env.GITHUB_CLIENT_SECRET
          ? { clientId: env.GITHUB_CLIENT_ID, clientSecret: env.GITHUB_CLIENT_SECRET }
          : null,
    },
    vercel: {
      apiUrl: env.VERCEL_API_URL.replace(/\/$/, ''),
      serverToken: env.VERCEL_TOKEN ?? null,
      serverTeamId: env.VERCEL_TEAM_ID ?? null,
    },
    githubTimeoutMs: env.GITHUB_TIMEOUT_MS,
    passwordHashCost: OWASP_PASSWORD_HASH_COST,
    http: {
      requestTimeoutMs: env.HTTP_REQUEST_TIMEOUT_MS,
      headersTimeoutMs: Math.min(env.HTTP_HEADERS_TIMEOUT_MS, env.HTTP_REQUEST_TIMEOUT_MS),
      connectionTimeoutMs: env.HTTP_CONNECTION_TIMEOUT_MS,
      keepAliveTimeoutMs: env.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      maxHeaderSize: env.HTTP_MAX_HEADER_SIZE,
    },
    demoMode,
    signups: {
      mode: env.SIGNUPS ?? (demoMode ? 'open' : 'invite'),
      emailDomains: env.SIGNUP_EMAIL_DOMAINS,
    },
    emulatorPort: env.EMULATOR_PORT,
    emulatorAdminKey: env.EMULATOR_ADMIN_KEY ?? null,
    demoActivityMs: env.DEMO_ACTIVITY_MS,
    webhooks: {
      githubSecret: env.GITHUB_WEBHOOK_SECRET ?? null,
      vercelSecret: env.VERCEL_WEBHOOK_SECRET ?? null,
      perMinute: env.WEBHOOK_RATE_LIMIT_PER_MINUTE,
    },
    encryptionKey: env.ENCRYPTION_KEY ? decodeKey(env.ENCRYPTION_KEY) : null,
    jobs: {
      worker: env.JOBS_WORKER,
      pollIntervalMs: env.JOBS_POLL_INTERVAL_MS,
      concurrency: env.JOBS_CONCURRENCY,
      expireInSeconds: env.JOBS_EXPIRE_SECONDS,
    },
    previousEncryptionKeys: splitKeys(env.ENCRYPTION_KEY_PREVIOUS ?? '').flatMap(
      (key) => decodeKey(key) ?? [],
    ),
    metricsPort: env.METRICS_PORT ?? null,
    mail: env.SMTP_URL ? mailConfig(env.SMTP_URL, mailFrom) : null,
    mailFrom,
    slackWebhookHosts: env.SLACK_WEBHOOK_HOSTS,
  };
}
