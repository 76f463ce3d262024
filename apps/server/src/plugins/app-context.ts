import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config/env.js';
import type { DatabaseHandle, Db } from '../db/database.js';
import type { SecretBox } from '../lib/secret-box.js';
import { createSecretBox } from '../lib/secret-box.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Db;
    database: DatabaseHandle;
    /** Seals provider tokens at rest. */
    secrets: SecretBox;
  }
}

export const appContextPlugin = fp(
  (
    app: FastifyInstance,
    options: { config: AppConfig; database: DatabaseHandle; encryptionKey: Buffer },
  ) => {
    app.decorate('config', options.config);
    app.decorate('database', options.database);
    app.decorate('db', options.database.db);
    app.decorate(
      'secrets',
      createSecretBox(options.encryptionKey, options.config.previousEncryptionKeys),
    );
    return Promise.resolve();
  },
  { name: 'app-context' },
);
