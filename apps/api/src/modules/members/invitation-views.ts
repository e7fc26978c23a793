import { type Invitation, type Locale, maskNationalCode, maskPhone } from '@wsm/contracts';
import { namedStatus } from '../access/catalogue';
import { imageRef } from '../assets/images';
import type * as repo from './repository';
import type { InvitationRow } from './schema';

// How an invitation is shown: to its sender, to its invitee, and as a directory entry.

const now = (): Date => new Date();

/** Whose directory entry an invitation keeps: an account's, or a phone's. */
export type Who = { userId: string } | { phone: string };

export function toInvitation(
  row: repo.InvitationItemRow,
  locale: Locale,
  viewerId: string | null,
  t: Date = now(),
): Invitation {
  const { invitation } = row;
  const status =
    invitation.status === 'pending' && invitation.expiresDate <= t ? 'expired' : invitation.status;
  return {
    id: invitation.id,
    workspaceId: row.workspace.id,
    workspaceName: row.workspace.workspaceName,
    name: row.workspace.name,
    logo: imageRef(row.workspace.logoImageId),
    role: row.role,
    token: invitation.token,
    createdDate: invitation.createdDate.toISOString(),
    expiresDate: invitation.expiresDate.toISOString(),
    status: namedStatus(status, locale),
    invitee: inviteeView(row, viewerId),
  };
}

/**
 * Who was invited, as the workspace may see it: the account once it accepted; before, only what the
 * inviter typed, the same for a registered and an unknown person (names would tell who is registered).
 * The member who sent it also gets what they typed in full: it tells them nothing they did not know.
 */
export function inviteeView(row: repo.InvitationItemRow, viewerId: string | null): Invitation['invitee'] {
  const { invitation, invitee } = row;
  const typed = typedValue(invitation);
  const accepted = invitation.status === 'accepted' && invitee !== null;
  return {
    userId: accepted ? invitee.id : null,
    firstName: accepted ? invitee.firstName : null,
    lastName: accepted ? invitee.lastName : null,
    username: accepted ? invitee.username : invitation.inviteeUsername,
    phone: invitation.inviteePhone ? maskPhone(invitation.inviteePhone) : null,
    nationalCode: invitation.inviteeNationalCode ? maskNationalCode(invitation.inviteeNationalCode) : null,
    typed: viewerId !== null && invitation.invitedBy === viewerId ? typed : null,
  };
}

export function typedValue(
  inv: Pick<InvitationRow, 'inviteeNationalCode' | 'inviteeUsername' | 'inviteePhone'>,
): NonNullable<Invitation['invitee']['typed']> | null {
  if (inv.inviteeNationalCode !== null) return { kind: 'nationalCode', value: inv.inviteeNationalCode };
  if (inv.inviteeUsername !== null) return { kind: 'username', value: inv.inviteeUsername };
  if (inv.inviteePhone !== null) return { kind: 'phone', value: inv.inviteePhone };
  return null;
}

/**
 * The directory entry an invitation keeps: phone invitations have one (unregistered, or unconfirmed for
 * an account); invitations by national code or username get theirs only on acceptance, since an entry
 * for an account but none for an unknown person would tell the workspace who is registered.
 */
export function directoryEntryOf(inv: {
  inviteeUserId: string | null;
  inviteePhone: string | null;
  inviteeNationalCode: string | null;
  inviteeUsername: string | null;
}): Who | null {
  if (inv.inviteeNationalCode !== null || inv.inviteeUsername !== null) return null;
  if (inv.inviteeUserId) return { userId: inv.inviteeUserId };
  return inv.inviteePhone ? { phone: inv.inviteePhone } : null;
}

/** What the inviter typed, for the audit: never the account behind a national code or username. */
export function typedInvitee(inv: {
  inviteeUserId: string | null;
  inviteePhone: string | null;
  inviteeNationalCode: string | null;
  inviteeUsername: string | null;
}): Record<string, string | null> {
  if (inv.inviteeNationalCode !== null) return { nationalCode: maskNationalCode(inv.inviteeNationalCode) };
  if (inv.inviteeUsername !== null) return { username: inv.inviteeUsername };
  return { userId: inv.inviteeUserId, phone: inv.inviteePhone };
}
