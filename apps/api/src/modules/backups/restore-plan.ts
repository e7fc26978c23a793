import type { RestoreResult } from '@wsm/contracts';
import { StatusCode } from '@wsm/contracts';
import { uuidv7 } from 'uuidv7';
import type { Db } from '../../db/types';
import { AppError } from '../../http/app-error';
import { now } from './answers';
import type { WorkspaceData } from './format';
import { sift, visitRows } from './pace';
import type { ArchiveRow } from './registry';
import * as repo from './repository';

interface RestorePlan {
  data: WorkspaceData;
  missingMembers: RestoreResult['missingMembers'];
}

/**
 * What will be written: the archive's rows, less anything that would tie the workspace to a person it
 * has no relation with at restore time. An archive is as untrusted as an upload: anyone's account id
 * can be written into one, and a restore must never make that person a member or show who they are.
 * So a member is restored only when the account is a member now; the others (and members whose
 * accounts are gone) are left out and reported, to be invited again. Invitations to an account are kept
 * only for current members and pending invitees, pending invitations and directory entries waiting for
 * a phone only while no account holds it, directory entries only for the people so kept, an
 * inviter who is not a restored member is cleared, and a logo's uploader who is not one becomes the
 * restoring owner. The restoring owner stays the active owner (an owner of the backup who is someone
 * else becomes a plain member), so nobody locks themself out by restoring. `people` are the workspace's
 * members and pending invitees now (repository.currentPeople, from the restore's own snapshot).
 */
export async function planRestore(
  tx: Db,
  data: WorkspaceData,
  people: { members: Set<string>; pendingInvitees: Set<string> },
  ownerId: string,
): Promise<RestorePlan> {
  // The archive's rows themselves, not copies (hundreds of thousands at the row limits): a row that
  // changes is replaced by a changed copy.
  const table = (name: string) => data.tables.get(name) ?? [];
  let members = table('workspace_members');
  let directory = table('workspace_users');
  let invitations = table('workspace_invitations');
  let images = table('images');

  // A phone that has an account now was claimed by it at sign-up (members/service.ts
  // claimInvitationsForAccount): what waits for it can never be claimed again, and the account has no
  // relation with the workspace that the archive can vouch for. Left out, to be invited again.
  // Each pass over the rows lets the event loop run every few thousand (pace.ts sift).
  const waiting = new Set<string>();
  const wait = (phone: unknown, userId: unknown) => {
    if (userId === null && typeof phone === 'string') waiting.add(phone);
  };
  await visitRows(directory, (e) => wait(e.phone, e.user_id));
  await visitRows(invitations, (i) => wait(i.invitee_phone, i.invitee_user_id));
  const registered = await repo.registeredPhones(tx, [...waiting]);
  const claimed = (phone: unknown, userId: unknown) =>
    userId === null && typeof phone === 'string' && registered.has(phone);
  directory = await sift(directory, (e) => (claimed(e.phone, e.user_id) ? undefined : e));
  const isMemberNow = (id: unknown) => typeof id === 'string' && (id === ownerId || people.members.has(id));

  // Indexed once: an archive may hold 100,000 members and as many directory entries.
  const directoryByUser = new Map<string, ArchiveRow>();
  await visitRows(directory, (row) => directoryByUser.set(String(row.user_id), row));
  const missingMembers = await sift(members, (m) => {
    if (isMemberNow(m.user_id)) return undefined;
    const entry = directoryByUser.get(String(m.user_id));
    return {
      memberId: String(m.id),
      userId: String(m.user_id),
      level: m.level as 'owner' | 'member',
      firstName: (entry?.first_name as string | null | undefined) ?? null,
      lastName: (entry?.last_name as string | null | undefined) ?? null,
    };
  });
  // The restoring owner stays the active owner; another owner of the backup becomes a plain member.
  members = await sift(members, (m) =>
    !isMemberNow(m.user_id)
      ? undefined
      : m.level === 'owner' && m.user_id !== ownerId
        ? { ...m, level: 'member' }
        : m,
  );
  const restoredMembers = new Set<string>([ownerId]);
  await visitRows(members, (m) => restoredMembers.add(String(m.user_id)));
  // The people directory entries may be kept for: restored members and the invitees of kept invitations.
  const known = new Set(restoredMembers);
  invitations = await sift(invitations, (i) => {
    if (i.status === 'pending' && claimed(i.invitee_phone, i.invitee_user_id)) return undefined;
    const invitee = i.invitee_user_id;
    if (invitee !== null && !isMemberNow(invitee) && !people.pendingInvitees.has(String(invitee)))
      return undefined;
    if (typeof invitee === 'string') known.add(invitee);
    return i.invited_by === null || restoredMembers.has(String(i.invited_by))
      ? i
      : { ...i, invited_by: null };
  });
  directory = await sift(directory, (e) =>
    e.user_id === null || known.has(String(e.user_id)) ? e : undefined,
  );
  // The uploader of a logo is a record, not a relation: the owner restoring it stands in.
  images = images.map((i) =>
    restoredMembers.has(String(i.owner_user_id)) ? i : { ...i, owner_user_id: ownerId },
  );

  // members and directory are new arrays here (sift): the owner's rows are replaced in place.
  const workspaceId = data.workspaceId;
  const mine = members.findIndex((m) => m.user_id === ownerId);
  if (mine >= 0) members[mine] = { ...members[mine], level: 'owner', role_id: null, status: 'active' };
  else {
    const current = await repo.currentRow(tx, 'workspace_members', { workspaceId, userId: ownerId });
    if (!current) throw new AppError(StatusCode.forbidden);
    const id = members.some((m) => m.id === current.id) ? uuidv7() : current.id;
    members.push({ ...current, id, level: 'owner', role_id: null, status: 'active' });
  }
  const entry = directory.findIndex((e) => e.user_id === ownerId);
  if (entry >= 0) directory[entry] = { ...directory[entry], status: 'confirmed' };
  else {
    const current = await repo.currentRow(tx, 'workspace_users', { workspaceId, userId: ownerId });
    const t = now().toISOString();
    const row = current ?? {
      id: uuidv7(),
      workspace_id: workspaceId,
      user_id: ownerId,
      phone: null,
      first_name: null,
      last_name: null,
      birth_date: null,
      join_date: t,
      created_date: t,
      updated_date: t,
    };
    const id = directory.some((d) => d.id === row.id) ? uuidv7() : row.id;
    directory.push({ ...row, id, status: 'confirmed' });
  }

  const tables = new Map(data.tables);
  tables.set('workspace_members', members);
  tables.set('workspace_users', directory);
  tables.set('workspace_invitations', invitations);
  tables.set('images', images);
  return { data: { ...data, tables }, missingMembers };
}
