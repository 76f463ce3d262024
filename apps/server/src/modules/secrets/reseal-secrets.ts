import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { sealedPrefixOf } from '../../lib/secret-box.js';
import type { SealedColumn } from './sealed-columns.js';
import { sealedColumns } from './sealed-columns.js';

export interface ResealReport {
  /** Values now sealed under the current key that were not before. */
  resealed: number;
  /** Rows whose value no configured key opens (named by their key columns, never their value). */
  failed: { table: string; row: Record<string, unknown> }[];
}

type Row = Record<string, unknown>;

async function resealColumn(
  db: Db,
  box: SecretBox,
  currentPrefix: string,
  target: SealedColumn,
  report: ResealReport,
): Promise<void> {
  const keyRefs = target.key.map((name) => sql.ref(name));
  const value = sql.ref(target.column);
  // Values already under the current key are skipped, so a second run (or a crashed one resumed)
  // does no work twice. substr, not LIKE: key ids may hold `_`, a LIKE wildcard.
  const { rows } = await sql<Row>`
    select ${sql.join([...keyRefs, value])} from ${sql.table(target.table)}
    where substr(${value}, 1, ${currentPrefix.length}) <> ${currentPrefix}`.execute(db);

  for (const row of rows) {
    const sealed = row[target.column];
    const identity = Object.fromEntries(target.key.map((name) => [name, row[name]]));
    if (typeof sealed !== 'string') continue;
    let plaintext: string;
    try {
      plaintext = box.open(sealed);
    } catch {
      report.failed.push({ table: target.table, row: identity });
      continue;
    }
    const matchesRow = sql.join(
      [
        ...target.key.map((name) => sql`${sql.ref(name)} = ${row[name]}`),
        sql`${value} = ${sealed}`,
      ],
      sql` and `,
    );
    // Only if the value is still the one read: a token refreshed meanwhile is already current.
    const result = await sql`
      update ${sql.table(target.table)} set ${value} = ${box.seal(plaintext)}
      where ${matchesRow}`.execute(db);
    report.resealed += Number(result.numAffectedRows ?? 0);
  }
}

/** Re-seals every sealed value in the database under the box's current key. Idempotent. */
export async function resealSecrets(
  db: Db,
  box: SecretBox,
  currentKeyId: string,
  columns: readonly SealedColumn[] = sealedColumns,
): Promise<ResealReport> {
  const report: ResealReport = { resealed: 0, failed: [] };
  for (const target of columns) {
    await resealColumn(db, box, sealedPrefixOf(currentKeyId), target, report);
  }
  return report;
}
