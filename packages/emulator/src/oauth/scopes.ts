const KNOWN_SCOPES = new Set([
  'repo',
  'repo:status',
  'repo_deployment',
  'public_repo',
  'repo:invite',
  'security_events',
  'admin:repo_hook',
  'write:repo_hook',
  'read:repo_hook',
  'admin:org',
  'write:org',
  'read:org',
  'admin:public_key',
  'write:public_key',
  'read:public_key',
  'admin:org_hook',
  'gist',
  'notifications',
  'user',
  'read:user',
  'user:email',
  'user:follow',
  'project',
  'read:project',
  'delete_repo',
  'write:packages',
  'read:packages',
  'delete:packages',
  'admin:gpg_key',
  'write:gpg_key',
  'read:gpg_key',
  'codespace',
  'workflow',
  'write:discussion',
  'read:discussion',
]);

/** The scopes GitHub would grant for a requested `scope` string (space or comma separated). */
export function normaliseScopes(requested: string | null | undefined): string[] {
  if (!requested) return [];
  const out: string[] = [];
  for (const scope of requested.split(/[\s,]+/)) {
    if (KNOWN_SCOPES.has(scope) && !out.includes(scope)) out.push(scope);
  }
  return out;
}
