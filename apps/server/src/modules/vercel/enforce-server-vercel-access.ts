import type { AuditActor } from '../audit/record-audit.js';
import { recordAudit } from '../audit/record-audit.js';
import { bumpStoreVersion } from '../answer-cache/store-version.repository.js';
import type { InstanceContext } from '../instance-settings/instance-context.js';
import { readServerVercelAccess } from '../instance-settings/instance-settings.repository.js';
import {
  deleteVercelData,
  listMembersOnServerVercel,
} from '../vercel-store/vercel-connections.repository.js';

/**
 * Makes members' connections to the server's Vercel account follow the setting at once: under
 * `off` they are disconnected (with everything synced through them); under `view` they stay, and
 * their answers are rebuilt so `canAct` turns false. Own-token connections are never touched.
 * Runs when an admin changes the setting or a role, and at start (an upgraded instance, whose
 * setting defaults to `off`, must not keep members on the server's account).
 */
export async function enforceServerVercelAccess(
  app: InstanceContext,
  actor: AuditActor,
  ip: string | null,
): Promise<void> {
  const members = await listMembersOnServerVercel(app.db);
  if (members.length === 0) return;
  const access = await readServerVercelAccess(app.db, app.config.demoMode);
  if (access !== 'off') {
    await bumpStoreVersion(
      app.db,
      members.map((member) => member.userId),
    );
    return;
  }
  for (const member of members) {
    await app.db.transaction().execute((trx) => deleteVercelData(trx, member.userId));
    await recordAudit(app.db, {
      actor,
      action: 'vercel.disconnected',
      target: { type: 'connection', id: member.userId, label: `${member.username}: Vercel` },
      ip,
      details: { serverAccount: true, reason: 'server account closed to members' },
    });
  }
}
