import type { AdminUser, AdminUserPatchBody } from '@shipdeck/shared/admin';
import type { User } from '@shipdeck/shared/auth';
import { adminMessages } from '@shipdeck/shared/instance-access-messages';
import { userRoleLabels } from '@shipdeck/shared/roles';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { RelativeTime } from '@/components/ui/relative-time';
import { Select } from '@/components/ui/select';
import { getErrorMessage } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { formatDate } from '@/utils/format-date';
import { useCreatePasswordResetLink } from '../api/create-password-reset-link';
import { useUpdateAdminUser } from '../api/update-admin-user';
import { assignableRoles, canManage } from '../manage-rules';
import { DeleteUserDialog } from './delete-user-dialog';
import { OneTimeLink } from './one-time-link';
import { RoleBadge } from './role-badge';

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 gap-1">
      <dt>{term}</dt>
      <dd className="min-w-0 truncate text-zinc-700 dark:text-zinc-300">{children}</dd>
    </div>
  );
}

function vercelText(vercel: AdminUser['vercel']): string {
  if (!vercel) return '—';
  return vercel.source === 'server' ? `${vercel.username} (server account)` : vercel.username;
}

/** One account: who it is, what it is connected to, and what the viewer may change about it. */
export function UserRow({ user, viewer }: { user: AdminUser; viewer: User }) {
  const update = useUpdateAdminUser();
  const resetLink = useCreatePasswordResetLink();
  const self = user.id === viewer.id;
  const manageable = canManage(viewer.role, user.role);
  const roles = assignableRoles(viewer.role);

  const change = (changes: AdminUserPatchBody, success: string) =>
    update.mutate(
      { id: user.id, changes },
      {
        onSuccess: () => toast.success(success),
        onError: (error) => toast.error(getErrorMessage(error, adminMessages.updateUser)),
      },
    );

  return (
    <li className="px-4 py-4 sm:px-5">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-3">
        <div className="min-w-0 flex-1 basis-64">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="min-w-0 truncate text-sm font-medium text-zinc-900 dark:text-zinc-50">
              {user.username}
            </h3>
            <RoleBadge role={user.role} />
            {user.disabled ? (
              <Badge variant="danger" size="sm">
                Disabled
              </Badge>
            ) : null}
            {self ? (
              <Badge variant="secondary" size="sm">
                You
              </Badge>
            ) : null}
          </div>
          <p className="truncate text-sm text-zinc-600 dark:text-zinc-400">{user.email}</p>
          <dl className="mt-1.5 flex flex-wrap gap-x-4 gap-y-1 text-xs text-zinc-500 dark:text-zinc-400">
            <Fact term="GitHub">{user.githubLogin ?? '—'}</Fact>
            <Fact term="Vercel">{vercelText(user.vercel)}</Fact>
            <Fact term="Created">{formatDate(user.createdAt)}</Fact>
            <Fact term="Last sign-in">
              {user.lastLoginAt ? <RelativeTime value={user.lastLoginAt} /> : 'Never'}
            </Fact>
          </dl>
        </div>
        {manageable ? (
          <div className="flex flex-wrap items-center gap-2">
            {roles.length > 1 ? (
              <Select
                aria-label={`Role of ${user.username}`}
                value={user.role}
                disabled={update.isPending}
                onChange={(event) => {
                  const role = roles.find((option) => option === event.target.value);
                  if (role && role !== user.role) {
                    change(
                      { role },
                      adminMessages.roleChanged(user.username, userRoleLabels[role]),
                    );
                  }
                }}
                className="w-28"
              >
                {roles.map((role) => (
                  <option key={role} value={role}>
                    {userRoleLabels[role]}
                  </option>
                ))}
              </Select>
            ) : null}
            {/* Your own account is changed in Profile and Settings; disabling it would lock you out. */}
            {self ? null : (
              <>
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`${user.disabled ? 'Enable' : 'Disable'} ${user.username}`}
                  loading={update.isPending && update.variables?.changes.disabled !== undefined}
                  onClick={() =>
                    change(
                      { disabled: !user.disabled },
                      user.disabled
                        ? adminMessages.userEnabled(user.username)
                        : adminMessages.userDisabled(user.username),
                    )
                  }
                >
                  {user.disabled ? 'Enable' : 'Disable'}
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Make a password reset link for ${user.username}`}
                  loading={resetLink.isPending}
                  onClick={() =>
                    resetLink.mutate(user.id, {
                      onError: (error) =>
                        toast.error(getErrorMessage(error, adminMessages.resetLink)),
                    })
                  }
                >
                  Reset link
                </Button>
                <DeleteUserDialog user={user} />
              </>
            )}
          </div>
        ) : (
          <p className="text-xs text-zinc-500 dark:text-zinc-400">{adminMessages.cannotManage}</p>
        )}
      </div>
      {resetLink.data ? (
        <div className="mt-3">
          <OneTimeLink
            label={`Password reset link for ${user.username}`}
            note={adminMessages.resetLinkOnce(user.username, resetLink.data.mailed)}
            url={resetLink.data.url}
            expiresAt={resetLink.data.expiresAt}
            copiedMessage={adminMessages.resetLinkCopied}
          />
        </div>
      ) : null}
    </li>
  );
}
