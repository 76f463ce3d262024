import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config/env.js';
import type { DatabaseHandle, Db } from '../db/database.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Db;
    database: DatabaseHandle;
  }
}

export const appContextPlugin = fp(
  (app: FastifyInstance, options: { config: AppConfig; database: DatabaseHandle }) => {
    app.decorate('config', options.config);
    app.decorate('database', options.database);
    app.decorate('db', options.database.db);
    return Promise.resolve();
  },
  { name: 'app-context' },
);
