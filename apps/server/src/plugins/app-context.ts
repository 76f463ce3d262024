import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config/env.js';
import type { DatabaseHandle, Db } from '../db/database.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { SecretBox } from '../lib/secret-box.js';
import { createSecretBox } from '../lib/secret-box.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Db;
    database: DatabaseHandle;
    /** Seals provider tokens at rest. */
    secrets: SecretBox;
    /** Durable background jobs; `main.ts` starts the worker, tests run jobs with `drain()`. */
    jobs: JobQueue;
  }
}

export const appContextPlugin = fp(
  (
    app: FastifyInstance,
    options: {
      config: AppConfig;
      database: DatabaseHandle;
      encryptionKey: Buffer;
      jobs: JobQueue;
    },
  ) => {
    app.decorate('config', options.config);
    app.decorate('database', options.database);
    app.decorate('db', options.database.db);
    app.decorate('jobs', options.jobs);
    app.decorate(
      'secrets',
      createSecretBox(options.encryptionKey, options.config.previousEncryptionKeys),
    );
    return Promise.resolve();
  },
  { name: 'app-context' },
);
