// Texts only the web app shows about who belongs to an instance (issue 32): the sign-up page's
// notices and invitation, the password-reset page and /admin. Apart from sign-in-messages.ts, so
// /signup (budgeted at 100 KB of first-load JS) loads them only on an instance that is not open,
// and apart from admin.ts, whose zod schemas the sign-up page must not load.

export const signupAccessMessages = {
  /** Followed by the domains, e.g. "example.com, example.org". */
  domainsAllowed: 'Addresses at these domains can sign up without an invitation:',
  invitedBy: (username: string) => `${username} invited you to Shipdeck`,
  invited: 'You are invited to Shipdeck',
  asAdmin: 'You will be an admin of this instance.',
  asOwner: 'You will be an owner of this instance.',
  emailFixed: 'The invitation is for this address.',
  checkingInvitation: 'Checking your invitation…',
} as const;

export const passwordResetMessages = {
  title: 'Choose a new password',
  description: 'Every session of this account ends: sign in again with the new password.',
  submit: 'Set new password',
  failed: 'Failed to change the password. Please try again.',
} as const;

export const adminMessages = {
  adminOnlyPage: 'Only an admin of this instance can see this page.',
  loadUsers: 'Failed to load accounts',
  loadInvitations: 'Failed to load invitations',
  loadSettings: 'Failed to load instance settings',
  loadAudit: 'Failed to load the audit log',
  updateUser: 'Failed to change the account',
  deleteUser: 'Failed to delete the account',
  createInvitation: 'Failed to create the invitation',
  revokeInvitation: 'Failed to revoke the invitation',
  saveSettings: 'Failed to save the setting',
  roleChanged: (username: string, role: string) => `${username}'s role is now ${role}`,
  userDisabled: (username: string) => `${username} is disabled: their sessions have ended`,
  userEnabled: (username: string) => `${username} can sign in again`,
  userDeleted: (username: string) => `${username}'s account was deleted`,
  deleteUserTitle: (username: string) => `Delete ${username}?`,
  deleteUserDescription: (username: string) =>
    `This permanently removes ${username}'s account, sessions, connections and everything Shipdeck stored for it. It cannot be undone.`,
  invitationCreated: 'Invitation created',
  invitationLinkOnce:
    'Copy the link and send it to the person you invite: Shipdeck shows it only now.',
  invitationRevoked: 'Invitation revoked',
  linkCopied: 'Invitation link copied',
  resetLinkCopied: 'Password reset link copied',
  resetLink: 'Failed to make a password reset link',
  resetLinkOnce: (username: string, mailed: boolean) =>
    `Send this link to ${username}: it sets a new password once, within an hour, and ends their sessions. Shipdeck shows it only now.${mailed ? ' It was also emailed to them.' : ''}`,
  copyFailed: 'Could not copy the link: select it and copy it yourself.',
  noInvitations: 'No pending invitations',
  settingsSaved: 'Setting saved',
  serverVercelAccessLegend: "Members may use the server's Vercel account",
  noServerVercelAccount:
    'This server has no Vercel account of its own (VERCEL_TOKEN is not set), so there is nothing to share with members. Admins and owners can always use it when it is set.',
  noAuditEntries: 'Nothing has been recorded yet.',
  /** Who acted, when no account did. */
  actorCli: 'command line',
  actorSystem: 'the server itself',
  actorAnonymous: 'someone not signed in',
  selfActions: 'Change your own account in Profile and Settings.',
  cannotManage: 'Only an owner can change an owner or admin.',
} as const;

/** How each audit entry ended, as the audit log says it. */
export const auditOutcomeLabels = {
  success: 'Done',
  refused: 'Refused',
  failed: 'Failed',
} as const;
