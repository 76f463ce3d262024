import { randomBytes } from 'node:crypto';
import type { AuditAction, AuditOutcome } from '@shipdeck/shared/admin';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.js';
import { nowIso } from '../../lib/clock.js';
import { insertAuditEntry } from './audit-log.repository.js';

export interface AuditActor {
  kind: 'user' | 'cli' | 'system' | 'anonymous';
  userId: string | null;
  username: string | null;
}

/** What `npm run admin` (shipdeck-admin in the image) does is recorded as the command line's. */
export const COMMAND_LINE_ACTOR: AuditActor = { kind: 'cli', userId: null, username: null };

/** The server acting on its own, such as applying a setting when it starts. */
export const SYSTEM_ACTOR: AuditActor = { kind: 'system', userId: null, username: null };

export interface AuditTarget {
  type:
    | 'user'
    | 'invitation'
    | 'settings'
    | 'vercel-deployment'
    | 'vercel-project'
    | 'connection'
    | 'team-reminder'
    | 'pull-request';
  id: string | null;
  label: string;
}

export interface AuditRecord {
  actor: AuditActor;
  action: AuditAction;
  target?: AuditTarget | null;
  ip?: string | null;
  outcome?: AuditOutcome;
  details?: Record<string, string | number | boolean | null>;
}

// Entries recorded within one millisecond keep their order: the log pages by (at, id).
let sequence = 0;
function sortableId(): string {
  sequence = (sequence + 1) % 1_679_616;
  return `${Date.now().toString(36).padStart(9, '0')}${sequence.toString(36).padStart(4, '0')}${randomBytes(6).toString('hex')}`;
}

export async function recordAudit(db: Db, record: AuditRecord): Promise<void> {
  await insertAuditEntry(db, {
    id: sortableId(),
    at: nowIso(),
    actor_kind: record.actor.kind,
    actor_user_id: record.actor.userId,
    actor_username: record.actor.username,
    action: record.action,
    target_type: record.target?.type ?? null,
    target_id: record.target?.id ?? null,
    target_label: record.target?.label ?? null,
    ip: record.ip ?? null,
    outcome: record.outcome ?? 'success',
    details: JSON.stringify(record.details ?? {}),
  });
}

export function userActor(user: { id: string; username: string }): AuditActor {
  return { kind: 'user', userId: user.id, username: user.username };
}

/** Records what a request did, as its signed-in user (or anonymous) from its address. */
export function recordRequestAudit(
  db: Db,
  request: FastifyRequest,
  record: Omit<AuditRecord, 'actor' | 'ip'> & { actor?: AuditActor },
): Promise<void> {
  const actor =
    record.actor ??
    (request.auth
      ? userActor(request.auth.user)
      : { kind: 'anonymous' as const, userId: null, username: null });
  return recordAudit(db, { ...record, actor, ip: request.ip });
}
