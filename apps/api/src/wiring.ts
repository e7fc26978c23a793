import { maskEmail, maskPhone } from '@wsm/contracts';
import { backupEventListeners } from './modules/backups/service';
import { accountCreatedListeners, loginCompletedListeners } from './modules/identity/service';
import { type EventDb, membersEventListeners } from './modules/members/events';
import { claimInvitationsForAccount } from './modules/members/service';
import { notify } from './modules/notifications/service';
import { securityChangeListeners } from './modules/security/service';
import { getProfile as getWorkspaceProfile } from './modules/workspaces/service';

// Reactions between modules, wired once per process (imported by app.ts): a module announces what
// happened, another reacts, and neither reaches into the other's internals.

// Invitations sent to a phone before it had an account become the new account's invitations.
accountCreatedListeners.push((deps, account) => claimInvitationsForAccount(deps.database.db, account));

// Notifications of a new login session and of changed secrets or contacts.
loginCompletedListeners.push((deps, login) =>
  notify(deps.database.db, login.userId, 'session.new', {
    ipAddress: login.ipAddress,
    agent: login.agent,
    platform: login.platform,
  }),
);
securityChangeListeners.push(async (deps, change) => {
  const db = deps.database.db;
  if (change.type === 'password.changed') return notify(db, change.userId, 'password.changed');
  if (change.type === 'email.changed')
    return notify(db, change.userId, 'email.changed', { email: maskEmail(change.email) });
  if (change.type === 'two-fa.changed')
    return notify(db, change.userId, 'two-fa.changed', { method: change.method });
  await notify(db, change.userId, 'phone.changed', { phone: maskPhone(change.phone) });
  // Invitations sent to the new phone before become this account's.
  await claimInvitationsForAccount(db, { userId: change.userId, phone: change.phone });
});

// Notifications of the members module's events, to the person each one concerns.
async function workspaceNameOf(db: EventDb, workspaceId: string): Promise<string> {
  try {
    return (await getWorkspaceProfile(db, workspaceId)).name;
  } catch {
    return '';
  }
}
membersEventListeners.push(async (event, db) => {
  const workspaceName = await workspaceNameOf(db, event.workspaceId);
  switch (event.type) {
    case 'invitation.received':
      if (event.inviteeUserId)
        await notify(
          db,
          event.inviteeUserId,
          'invitation.received',
          { workspaceName },
          '/workspace/invitations',
        );
      return;
    case 'invitation.answered':
      if (event.invitedBy)
        await notify(db, event.invitedBy, 'invitation.answered', {
          workspaceName,
          accepted: String(event.accepted),
        });
      return;
    case 'invitation.withdrawn':
      if (event.inviteeUserId && event.inviteeUserId !== event.byUserId)
        await notify(db, event.inviteeUserId, 'invitation.withdrawn', { workspaceName });
      return;
    case 'member.role_changed':
      if (event.userId !== event.byUserId)
        await notify(db, event.userId, 'member.role_changed', { workspaceName });
      return;
    case 'member.removed':
      // Leaving on one's own is not news to oneself.
      if (event.userId !== event.byUserId)
        await notify(db, event.userId, 'member.removed', { workspaceName });
      return;
    case 'member.status_changed':
      if (event.userId !== event.byUserId)
        await notify(db, event.userId, 'member.status_changed', { workspaceName, status: event.status });
      return;
  }
});

// Notifications of a backup taken and of a restore, to the owner who did it (a restore also leaves a
// pre-restore backup, which the notification's link lists).
backupEventListeners.push(async (deps, event) => {
  const db = deps.database.db;
  const workspaceName = await workspaceNameOf(db, event.workspaceId);
  await notify(db, event.userId, event.type, { workspaceName }, '/workspace/settings/backups');
});
