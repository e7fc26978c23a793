import { uuidv7 } from 'uuidv7';
import type { Db } from '../../db/types';
import * as repo from './repository';

// The directory entries the members module keeps in step with invitations and memberships, inside its
// transactions. Apart from service.ts, which uses the members module (a status change suspends or
// removes the member): this way neither module's service imports the other's back.

const now = (): Date => new Date();

/** Whom an entry is about: an account, or a phone without one yet. */
export type Who = { userId: string } | { phone: string };

/**
 * Adds an invitee to the directory (unregistered without an account, unconfirmed with one) unless known.
 * The typed phone is kept beside the account: until the person accepts, the directory shows that phone
 * and nothing of the account (service.ts `toWorkspaceUser`).
 */
export async function recordInvitee(
  db: Db,
  workspaceId: string,
  who: Who & { phone?: string },
): Promise<void> {
  const t = now();
  await repo.insertEntry(db, {
    id: uuidv7(),
    workspaceId,
    userId: 'userId' in who ? who.userId : null,
    phone: who.phone ?? null,
    status: 'userId' in who ? 'unconfirmed' : 'unregistered',
    createdDate: t,
    updatedDate: t,
  });
}

/** Makes a new member confirmed in the directory (creating its entry when needed). */
export async function recordMember(db: Db, workspaceId: string, userId: string): Promise<void> {
  const t = now();
  const existing = await repo.findEntryOf(db, workspaceId, { userId });
  if (existing)
    await repo.updateEntry(db, workspaceId, existing.id, {
      status: 'confirmed',
      joinDate: t,
      updatedDate: t,
    });
  else
    await repo.insertEntry(db, {
      id: uuidv7(),
      workspaceId,
      userId,
      status: 'confirmed',
      joinDate: t,
      createdDate: t,
      updatedDate: t,
    });
}

/** Removes an invitee who never joined (after a decline, withdrawal or expiry). */
export async function forgetInvitee(db: Db, workspaceId: string, who: Who): Promise<void> {
  await repo.deleteInviteeEntry(db, workspaceId, who);
}

/** Removes a former member from the directory. */
export async function forgetMember(db: Db, workspaceId: string, userId: string): Promise<void> {
  const entry = await repo.findEntryOf(db, workspaceId, { userId });
  if (entry) await repo.deleteEntry(db, workspaceId, entry.id);
}

/** Gives a new account the directory entries that waited for its phone (unregistered → unconfirmed). */
export async function claimPhoneEntries(db: Db, phone: string, userId: string): Promise<number> {
  return repo.claimPhoneEntries(db, phone, userId, now());
}
