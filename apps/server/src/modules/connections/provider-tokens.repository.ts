import type { Db } from '../../db/database.js';
import { bumpStoreVersion } from '../answer-cache/store-version.repository.js';
import type { Provider } from './provider-tokens.table.js';

export async function saveProviderToken(
  db: Db,
  token: { userId: string; provider: Provider; sealed: string; scopes: string[] },
): Promise<void> {
  const row = {
    user_id: token.userId,
    provider: token.provider,
    token_sealed: token.sealed,
    scopes: token.scopes.join(','),
    updated_at: new Date().toISOString(),
  };
  await db
    .insertInto('provider_tokens')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['user_id', 'provider']).doUpdateSet({
        token_sealed: row.token_sealed,
        scopes: row.scopes,
        updated_at: row.updated_at,
      }),
    )
    .execute();
  // Whether a provider is connected is part of every synced answer.
  await bumpStoreVersion(db, [token.userId]);
}

export async function findProviderToken(db: Db, userId: string, provider: Provider) {
  return db
    .selectFrom('provider_tokens')
    .select(['token_sealed', 'scopes'])
    .where('user_id', '=', userId)
    .where('provider', '=', provider)
    .executeTakeFirst();
}

export async function deleteProviderToken(db: Db, userId: string, provider: Provider) {
  await db
    .deleteFrom('provider_tokens')
    .where('user_id', '=', userId)
    .where('provider', '=', provider)
    .execute();
  await bumpStoreVersion(db, [userId]);
}
