import { randomUUID } from 'node:crypto';
import type { InvitationCreated } from '@shipdeck/shared/admin';
import { INVITATION_TTL_DAYS } from '@shipdeck/shared/admin';
import type { UserRole } from '@shipdeck/shared/roles';
import { addDays } from '../../lib/clock.js';
import { generateOneTimeToken, hashOneTimeToken } from '../../lib/one-time-token.js';
import type { AuditActor } from '../audit/record-audit.js';
import { recordAudit } from '../audit/record-audit.js';
import type { InstanceContext } from '../instance-settings/instance-context.js';
import { insertInvitation } from './invitations.repository.js';

/** How the audit log names an invitation: by its address, or as open to whoever has the link. */
export function invitationLabel(email: string | null): string {
  return email ?? 'anyone with the link';
}

/** The sign-up link an invitation's token opens, under PUBLIC_URL. */
export function invitationUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/signup?invitation=${encodeURIComponent(token)}`;
}

/**
 * Makes a single-use invitation good for 7 days. The link is returned once, to be copied or
 * mailed; only the token's hash is stored.
 */
export async function createInvitation(
  ctx: InstanceContext,
  input: { email: string | null; role: UserRole; by: AuditActor; ip: string | null },
): Promise<InvitationCreated> {
  const token = generateOneTimeToken('sdi_');
  const now = new Date();
  const id = randomUUID();
  const expiresAt = addDays(now, INVITATION_TTL_DAYS).toISOString();
  await insertInvitation(ctx.db, {
    id,
    token_hash: hashOneTimeToken(token),
    email: input.email,
    role: input.role,
    invited_by_user_id: input.by.userId,
    invited_by: input.by.username,
    created_at: now.toISOString(),
    expires_at: expiresAt,
    used_at: null,
    used_by_user_id: null,
    revoked_at: null,
  });
  await recordAudit(ctx.db, {
    actor: input.by,
    action: 'invitation.created',
    target: { type: 'invitation', id, label: invitationLabel(input.email) },
    ip: input.ip,
    details: { role: input.role, expiresAt },
  });
  return { id, url: invitationUrl(ctx.config.publicUrl, token), expiresAt };
}
