import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

/**
 * Queued background work for an account (its syncs) names it only inside the job's data, so
 * deleting the account removes those jobs by hand: from the SQLite engine's `jobs` table, and on
 * PostgreSQL from pg-boss's own `job` table (same schema rule as `create-job-queue.ts`).
 */
export async function forgetUserJobs(app: FastifyInstance, userId: string): Promise<void> {
  const pattern = `%"userId":"${userId}"%`;
  await app.db.deleteFrom('jobs').where('data', 'like', pattern).execute();
  const database = app.database.config;
  if (database.dialect !== 'postgres') return;
  const schema = database.schema ?? 'pgboss';
  const exists = await sql<{
    found: string | null;
  }>`select to_regclass(${`${schema}.job`}) as found`.execute(app.db);
  if (!exists.rows[0]?.found) return;
  await sql`delete from ${sql.table(`${schema}.job`)} where data->>'userId' = ${userId}`.execute(
    app.db,
  );
}
