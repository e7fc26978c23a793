import { maskEmail, maskPhone, StatusCode } from '@wsm/contracts';
import type { Db } from './db/types';
import { on } from './events/bus';
import { isAppError } from './http/app-error';
import { deviceParts } from './modules/identity/client-info';
import { claimInvitationsForAccount } from './modules/members/service';
import { markInvitationNotificationRead, notify } from './modules/notifications/service';
import { revokeUserGrants } from './modules/oidc/grants';
import { getProfile as getWorkspaceProfile } from './modules/workspaces/service';

// Reactions between modules, wired once per process (imported by app.ts): a module emits what it
// committed, another reacts, and neither reaches into the other's internals. Each handler's failure is
// logged with the request id by the event bus.

// Invitations sent to a phone, national code or username before it had an account become the new
// account's invitations.
on('account.created', (account, { db, log }) => claimInvitationsForAccount(db, account, log));

// Notifications of a new login session and of changed secrets or contacts.
on('login.completed', (login, { db }) =>
  notify(db, login.userId, 'session.new', {
    ipAddress: login.ipAddress,
    agent: login.agent,
    platform: login.platform,
    // The parts, so each language names the device in its own words when the notification is read.
    ...deviceParts(login.agent),
  }),
);
// A burst of wrong passwords on the account (login.ts, at most once an hour).
on('login.failures', ({ userId }, { db }) => notify(db, userId, 'login.failures'));
on('password.changed', ({ userId }, { db }) => notify(db, userId, 'password.changed'));
// A new password ends what the old one let in: every application the account signed into
// (docs/sign-in-with-workspace.md, "Revocation"; a recovery's reset ends every session, and so its grants).
on('password.changed', ({ userId }, { db }) => revokeUserGrants(db, userId));
on('email.changed', ({ userId, email }, { db }) =>
  notify(db, userId, 'email.changed', { email: maskEmail(email) }),
);
on('two-fa.changed', ({ userId, method }, { db }) => notify(db, userId, 'two-fa.changed', { method }));
on('phone.changed', ({ userId, phone }, { db }) =>
  notify(db, userId, 'phone.changed', { phone: maskPhone(phone) }),
);
// Invitations sent to the new phone before become this account's.
on('phone.changed', ({ userId, phone }, { db, log }) =>
  claimInvitationsForAccount(db, { userId, phone }, log),
);
// Invitations that waited for this username or national code become this account's.
on('username.changed', ({ userId, username }, { db, log }) =>
  claimInvitationsForAccount(db, { userId, username }, log),
);
on('national-code.added', ({ userId, nationalCode }, { db, log }) =>
  claimInvitationsForAccount(db, { userId, nationalCode }, log),
);

/** The workspace's name for a notification; '' once the workspace is gone. Any other failure is thrown. */
export async function workspaceNameOf(db: Db, workspaceId: string): Promise<string> {
  try {
    return (await getWorkspaceProfile(db, workspaceId)).name;
  } catch (error) {
    if (isAppError(error) && error.code === StatusCode.notFound) return '';
    throw error;
  }
}

// Notifications of the members module's events, to the person each one concerns.
on('invitation.received', async (event, { db }) => {
  if (!event.inviteeUserId) return;
  const workspaceName = await workspaceNameOf(db, event.workspaceId);
  await notify(
    db,
    event.inviteeUserId,
    'invitation.received',
    { workspaceName, invitationId: event.invitationId },
    `/workspace/invitations/${event.invitationId}`,
  );
});
on('invitation.answered', async (event, { db }) => {
  await markInvitationNotificationRead(db, event.inviteeUserId, event.invitationId);
  if (!event.invitedBy) return;
  const workspaceName = await workspaceNameOf(db, event.workspaceId);
  await notify(db, event.invitedBy, 'invitation.answered', {
    workspaceName,
    accepted: String(event.accepted),
  });
});
on('invitation.withdrawn', async (event, { db }) => {
  if (event.inviteeUserId) await markInvitationNotificationRead(db, event.inviteeUserId, event.invitationId);
  if (!event.inviteeUserId || event.inviteeUserId === event.byUserId) return;
  const workspaceName = await workspaceNameOf(db, event.workspaceId);
  await notify(db, event.inviteeUserId, 'invitation.withdrawn', { workspaceName });
});
on('member.role_changed', async (event, { db }) => {
  if (event.userId === event.byUserId) return;
  const workspaceName = await workspaceNameOf(db, event.workspaceId);
  await notify(db, event.userId, 'member.role_changed', { workspaceName });
});
on('member.removed', async (event, { db }) => {
  // Leaving on one's own is not news to oneself.
  if (event.userId === event.byUserId) return;
  const workspaceName = await workspaceNameOf(db, event.workspaceId);
  await notify(db, event.userId, 'member.removed', { workspaceName });
});
on('member.status_changed', async (event, { db }) => {
  if (event.userId === event.byUserId) return;
  const workspaceName = await workspaceNameOf(db, event.workspaceId);
  await notify(db, event.userId, 'member.status_changed', { workspaceName, status: event.status });
});

// Notifications of a backup taken and of a restore, to the owner who did it (a restore also leaves a
// pre-restore backup, which the notification's link lists).
for (const type of ['backup.created', 'backup.restored'] as const)
  on(type, async (event, { db }) => {
    const workspaceName = await workspaceNameOf(db, event.workspaceId);
    await notify(db, event.userId, type, { workspaceName }, '/workspace/settings/backups');
  });
