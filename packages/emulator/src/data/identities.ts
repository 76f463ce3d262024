import { DEPENDABOT_LOGIN } from './generate-accounts.js';
import type { Account, Repo } from './model.js';

/** Who a commit says wrote it; accountId is null when GitHub cannot match the email. */
export interface Identity {
  name: string;
  email: string;
  accountId: number | null;
}

export const WEB_FLOW: Identity = { name: 'GitHub', email: 'noreply@github.com', accountId: null };

const GHOSTS: readonly Identity[] = [
  { name: 'Jane Doe', email: 'jane@example.invalid', accountId: null },
  { name: 'Ünïcødé Dëv 🦄', email: 'unicode.dev@example.com', accountId: null },
  { name: 'root', email: 'root@localhost', accountId: null },
];

export function identityOf(account: Account): Identity {
  if (account.login === DEPENDABOT_LOGIN) {
    return {
      name: account.login,
      email: `${account.id}+${account.login}@users.noreply.github.com`,
      accountId: account.id,
    };
  }
  const primary =
    account.emails.find((e) => e.primary)?.email ?? `${account.login}@users.noreply.github.com`;
  return { name: account.name ?? account.login, email: primary, accountId: account.id };
}

/** People who plausibly commit to a repository: owner or org members, collaborators, strangers. */
export function contributorsOf(
  repo: Repo,
  owner: Account,
  accountsById: ReadonlyMap<number, Account>,
): { members: Account[]; identities: Identity[] } {
  const memberIds = new Set<number>(owner.type === 'Organization' ? owner.memberIds : [owner.id]);
  for (const id of repo.collaboratorIds) memberIds.add(id);
  const members = [...memberIds]
    .map((id) => accountsById.get(id))
    .filter((a): a is Account => a !== undefined && a.type === 'User');
  return { members, identities: [...members.map(identityOf), ...GHOSTS] };
}
