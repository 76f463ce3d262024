import type { AuditEntry } from '@shipdeck/shared/admin';
import { auditPageSchema, invitationCreatedSchema } from '@shipdeck/shared/admin';
import type { UserRole } from '@shipdeck/shared/roles';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from './config/env.js';
import { bearer, dataOf, newAccount } from './test-app.js';

/** Config of an instance run for real (demo mode off) with the given sign-up rule. */
export function accessConfig(
  mode: AppConfig['signups']['mode'],
  emailDomains: string[] = [],
): Partial<AppConfig> {
  return { demoMode: false, signups: { mode, emailDomains } };
}

/** Signs up (with an invitation token if given) and answers the raw response. */
export function signUp(
  app: FastifyInstance,
  account: ReturnType<typeof newAccount> = newAccount(),
  invitation?: string,
) {
  return app.inject({
    method: 'POST',
    url: '/auth/signup',
    payload: invitation ? { ...account, invitation } : account,
  });
}

/** An invitation made through /api/admin by `adminToken`; answers its link's token too. */
export async function invite(
  app: FastifyInstance,
  adminToken: string,
  body: { email?: string; role?: UserRole } = {},
): Promise<{ id: string; url: string; token: string; expiresAt: string }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/admin/invitations',
    headers: bearer(adminToken),
    payload: body,
  });
  if (response.statusCode !== 201)
    throw new Error(`invite answered ${response.statusCode}: ${response.body}`);
  const created = dataOf(response, invitationCreatedSchema);
  const token = new URL(created.url).searchParams.get('invitation');
  if (!token) throw new Error(`no token in ${created.url}`);
  return { ...created, token };
}

/** The newest audit entries (first page), read as an admin. */
export async function auditEntries(
  app: FastifyInstance,
  adminToken: string,
): Promise<AuditEntry[]> {
  const response = await app.inject({
    method: 'GET',
    url: '/api/admin/audit',
    headers: bearer(adminToken),
  });
  if (response.statusCode !== 200) throw new Error(`audit answered ${response.statusCode}`);
  return dataOf(response, auditPageSchema).entries;
}
