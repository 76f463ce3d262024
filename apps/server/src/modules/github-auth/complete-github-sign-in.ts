import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/clock.js';
import { saveProviderToken } from '../connections/provider-tokens.repository.js';
import { clearCachedAnswers } from '../github-client/github-cache.repository.js';
import { deleteUserGithubData } from '../github-store/github-store.repository.js';
import { requestGithubSync } from '../github-sync/request-github-sync.js';
import {
  findUserByEmail,
  findUserByGithubId,
  findUserById,
  findUserByUsername,
  updateUser,
} from '../auth/users.repository.js';
import type { UserRow } from '../auth/users.table.js';
import type { GithubIdentity } from './github-oauth-client.js';
import { usernameCandidate } from './github-username.js';
import { recordRequestAudit, userActor } from '../audit/record-audit.js';
import { recordDisabledSignIn } from '../auth/refuse-disabled-sign-in.js';
import { insertAdmittedUser } from '../invitations/insert-admitted-user.js';
import type { SignupAdmission } from '../invitations/signup-policy.js';
import { admitSignup, SignupRefused } from '../invitations/signup-policy.js';
import { sendWelcomeNotifications } from '../notifications/welcome-notifications.js';

export type GithubSignInOutcome =
  | { ok: true; user: UserRow }
  | {
      ok: false;
      reason:
        | 'account_exists'
        | 'github_in_use'
        | 'auth_failed'
        | 'signups_closed'
        | 'account_disabled'
        | 'invitation_invalid';
    };

async function freeUsername(app: FastifyInstance, login: string): Promise<string> {
  for (let attempt = 1; ; attempt += 1) {
    const candidate = usernameCandidate(login, attempt);
    if (!(await findUserByUsername(app.db, candidate))) return candidate;
  }
}

/**
 * Signs in the account linked to this GitHub identity, links it to the signed-in user who asked,
 * or creates a new account. An existing account with the same email is never taken over: its
 * owner signs in with the password and connects GitHub from Settings.
 */
export async function completeGithubSignIn(
  app: FastifyInstance,
  request: FastifyRequest,
  input: {
    identity: GithubIdentity;
    token: string;
    scopes: string[];
    linkUserId: string | null;
    /** Set when the sign-in began from an invitation link (see oauth-states). */
    invitationId?: string | null;
  },
): Promise<GithubSignInOutcome> {
  const { identity } = input;
  const linked = await findUserByGithubId(app.db, identity.id);
  const now = nowIso();
  let user: UserRow;

  if (input.linkUserId) {
    const owner = await findUserById(app.db, input.linkUserId);
    if (!owner) return { ok: false, reason: 'auth_failed' };
    if (linked && linked.id !== owner.id) return { ok: false, reason: 'github_in_use' };
    // Answers cached for a previously linked GitHub account must not be shown for this one.
    if (owner.github_id !== identity.id) {
      await clearCachedAnswers(app.db, owner.id);
      await deleteUserGithubData(app.db, owner.id);
    }
    user = await updateUser(app.db, owner.id, {
      github_id: identity.id,
      github_login: identity.login,
      avatar_url: owner.avatar_url ?? identity.avatarUrl,
      updated_at: now,
    });
  } else if (linked) {
    if (linked.disabled_at) {
      await recordDisabledSignIn(app, request, linked, 'github');
      return { ok: false, reason: 'account_disabled' };
    }
    user = await updateUser(app.db, linked.id, {
      github_login: identity.login,
      avatar_url: identity.avatarUrl ?? linked.avatar_url,
      last_login_at: now,
      updated_at: now,
    });
  } else {
    // GitHub's own no-reply form stands in when the user keeps every address private.
    const email = identity.email ?? `${identity.id}+${identity.login}@users.noreply.github.com`;
    if (await findUserByEmail(app.db, email)) return { ok: false, reason: 'account_exists' };
    let admission: SignupAdmission;
    try {
      admission = await admitSignup(app.db, app.config.signups, {
        email,
        invitation: input.invitationId ? { id: input.invitationId } : null,
        nowIso: now,
      });
    } catch (error) {
      if (input.invitationId && error instanceof AppError && !(error instanceof SignupRefused)) {
        return { ok: false, reason: 'invitation_invalid' };
      }
      if (!(error instanceof SignupRefused)) throw error;
      await recordRequestAudit(app.db, request, {
        action: 'signup.refused',
        target: { type: 'user', id: null, label: identity.login },
        outcome: 'refused',
        details: { via: 'github', mode: app.config.signups.mode },
      });
      return { ok: false, reason: 'signups_closed' };
    }
    user = await insertAdmittedUser(
      app.db,
      {
        id: randomUUID(),
        username: await freeUsername(app, identity.login),
        email,
        password_hash: null,
        display_name: identity.name?.trim() || identity.login,
        avatar_url: identity.avatarUrl,
        github_id: identity.id,
        github_login: identity.login,
        created_at: now,
        updated_at: now,
        last_login_at: now,
        disabled_at: null,
      },
      admission,
    );
  }

  await saveProviderToken(app.db, {
    userId: user.id,
    provider: 'github',
    sealed: app.secrets.seal(input.token),
    scopes: input.scopes,
  });
  if (input.linkUserId || user.created_at === now) {
    await recordRequestAudit(app.db, request, {
      actor: userActor(user),
      action: 'github.connected',
      target: { type: 'connection', id: null, label: `GitHub ${identity.login}` },
      details: { login: identity.login },
    });
  }
  await requestGithubSync(app, user.id, 'initial');
  // Dedupe keys make this a no-op on every later sign-in.
  await sendWelcomeNotifications(app, user.id, identity.login);
  return { ok: true, user };
}
