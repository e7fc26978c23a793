import { createHash } from 'node:crypto';
import type { RestoreResult } from '@wsm/contracts';
import { sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backupIds,
  exportBackup,
  importBackup,
  restoreBackup,
  rewrittenArchive,
  setLogo,
  takeBackup,
} from '../../../test/backup-fixtures';
import {
  addMember,
  createWorkspace,
  newClient,
  ownerWithWorkspace,
  quickUser,
  randomPhone,
  type TestUser,
  type TestWorkspace,
} from '../../../test/fixtures';
import { startTestApp, type TestApp, testConfig } from '../../../test/test-app';
import { formatVersion } from './format';
import { maxPreRestoreBackups } from './limits';
import type { ArchiveRow } from './registry';
import { tableName, workspaceTables } from './registry';
import { insertBackup } from './repository';

// A restore never makes anyone a member, nor shows who anyone is, unless that person is a member of
// the workspace when it runs: an archive is as untrusted as an upload, and anyone's account id can be
// written into one. Such rows are left out and reported.

let api: TestApp;
beforeAll(async () => {
  // Many codes and uploads per account in this file.
  api = await startTestApp({ config: testConfig({ RATE_LIMIT_MULTIPLIER: '100' }) });
});
afterAll(() => api.close());

const invitations = '/v1/workspaces/members/identity/invitations/';
const stamp = () => new Date().toISOString();

function call<T = unknown>(method: string, path: string, as: TestUser, body?: unknown) {
  return newClient(api).call<T>(method, path, { token: as.tokens.accessToken, body });
}

function memberRow(workspaceId: string, userId: string, level: 'owner' | 'member' = 'member'): ArchiveRow {
  return {
    id: uuidv7(),
    workspace_id: workspaceId,
    user_id: userId,
    level,
    role_id: null,
    status: 'active',
    joined_date: stamp(),
  };
}

function directoryRow(workspaceId: string, userId: string, status = 'confirmed'): ArchiveRow {
  return {
    id: uuidv7(),
    workspace_id: workspaceId,
    user_id: userId,
    phone: null,
    status,
    first_name: null,
    last_name: null,
    birth_date: null,
    join_date: stamp(),
    created_date: stamp(),
    updated_date: stamp(),
  };
}

/** A pending invitation row, forged into an archive, that names whom `people` says. */
function forgedInvitation(
  workspaceId: string,
  people: { invitee_user_id: string | null; invitee_phone: string | null; invited_by: string },
): ArchiveRow {
  return {
    id: uuidv7(),
    workspace_id: workspaceId,
    role_id: null,
    ...people,
    token: `forged-${uuidv7()}`,
    status: 'pending',
    created_date: stamp(),
    expires_date: new Date(Date.now() + 86_400_000).toISOString(),
    answered_date: null,
  };
}

/** Exports a backup of the workspace, edits its rows, re-signs it, imports it and restores it. */
async function restoreForged(
  workspace: TestWorkspace,
  edit: (tables: Map<string, ArchiveRow[]>) => void,
): Promise<RestoreResult> {
  const owner = workspace.owner;
  const backup = await takeBackup(api, workspace);
  const file = await exportBackup(api, workspace, backup.id);
  const forged = await rewrittenArchive(file.bytes, edit);
  const imported = await importBackup(api, workspace.id, forged, owner.tokens.accessToken);
  expect(imported.status).toBe(200);
  const restored = await restoreBackup(api, workspace, imported.body.data.id);
  expect(restored.status).toBe(200);
  return restored.body.data;
}

/** Whether `person` sees the workspace, may read it, and shows up in its owner's directory. */
async function exposure(workspace: TestWorkspace, person: TestUser) {
  const mine = await call<{ id: string }[]>('GET', '/v1/workspaces/', person);
  const read = await call('GET', `/v1/workspaces/workspace-id/${workspace.id}`, person);
  const directory = await call<{ items: { username: string | null }[] }>(
    'GET',
    `/v1/workspaces/users/identity/workspace-id/${workspace.id}/?pageSize=100`,
    workspace.owner,
  );
  expect(directory.status).toBe(200);
  return {
    listed: mine.body.data.some((w) => w.id === workspace.id),
    readStatus: read.status,
    inDirectory: directory.body.data.items.some((u) => u.username === person.username),
  };
}

/** The workspace's rows (every registry table) whose JSON names this account id anywhere. */
async function rowsNaming(workspaceId: string, userId: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of workspaceTables) {
    const name = tableName(entry);
    const scope = entry.scope === 'id' ? 'id' : 'workspace_id';
    const result = (await api.deps.database.db.execute(
      sql`select count(*)::int as n from ${sql.identifier(name)} t
          where t.${sql.identifier(scope)} = ${workspaceId} and to_jsonb(t)::text like ${`%${userId}%`}`,
    )) as unknown as { rows: { n: number }[] };
    if ((result.rows[0]?.n ?? 0) > 0) found.push(name);
  }
  return found;
}

const notExposed = { listed: false, readStatus: 403, inDirectory: false };

describe('a restore never grants membership', () => {
  it('a person invited, then withdrawn, written into an archive as a member: left out and reported', async () => {
    const { owner, ws: workspace } = await ownerWithWorkspace(api);
    const person = await quickUser(api);
    const sent = await call<{ id: string }>('POST', invitations, owner, {
      workspaceId: workspace.id,
      username: person.username,
    });
    expect(sent.status).toBe(200);
    // The invitation made the person's account id known to the owner (the sent list names the invitee).
    const withdrawn = await call('DELETE', invitations, owner, {
      workspaceId: workspace.id,
      invitationId: sent.body.data.id,
    });
    expect(withdrawn.status).toBe(200);

    let forgedMemberId = '';
    const result = await restoreForged(workspace, (tables) => {
      const member = memberRow(workspace.id, person.id);
      forgedMemberId = String(member.id);
      tables.get('workspace_members')!.push(member);
      tables.get('workspace_users')!.push(directoryRow(workspace.id, person.id));
    });

    expect(await exposure(workspace, person)).toEqual(notExposed);
    expect(result.missingMembers).toEqual([
      { memberId: forgedMemberId, userId: person.id, level: 'member', firstName: null, lastName: null },
    ]);
    expect(await rowsNaming(workspace.id, person.id)).toEqual([]);
  });

  it('the owner of another workspace written in as a member, or as the owner: left out, their workspace untouched', async () => {
    const { owner, ws: workspace } = await ownerWithWorkspace(api);
    const other = await quickUser(api);
    const theirs = await createWorkspace(api, other);
    const stranger = await quickUser(api);

    const result = await restoreForged(workspace, (tables) => {
      tables.get('workspace_members')!.push(memberRow(workspace.id, other.id));
      tables.get('workspace_users')!.push(directoryRow(workspace.id, other.id));
      // The archive's owner row names a stranger: the restoring owner stays the owner, and the
      // stranger does not come in as a demoted member either.
      const members = tables.get('workspace_members')!;
      const ownerRow = members.find((m) => m.user_id === owner.id)!;
      members.splice(members.indexOf(ownerRow), 1, { ...ownerRow, user_id: stranger.id });
      // The stranger's entry in place of the owner's, or the archive is refused (a confirmed entry
      // needs its member).
      const users = tables.get('workspace_users')!;
      users.splice(
        users.findIndex((u) => u.user_id === owner.id),
        1,
        directoryRow(workspace.id, stranger.id),
      );
    });

    expect(await exposure(workspace, other)).toEqual(notExposed);
    expect(await exposure(workspace, stranger)).toEqual(notExposed);
    expect(result.missingMembers.map((m) => [m.userId, m.level]).sort()).toEqual(
      [
        [other.id, 'member'],
        [stranger.id, 'owner'],
      ].sort(),
    );
    expect(await rowsNaming(workspace.id, other.id)).toEqual([]);
    expect(await rowsNaming(workspace.id, stranger.id)).toEqual([]);
    // The owner is still the owner, and the other owner's workspace is still theirs alone.
    const levels = await call<{ id: string; level: string }[]>('GET', '/v1/workspaces/', owner);
    expect(levels.body.data.find((w) => w.id === workspace.id)?.level).toBe('owner');
    const otherLevels = await call<{ id: string; level: string }[]>('GET', '/v1/workspaces/', other);
    expect(otherLevels.body.data.map((w) => [w.id, w.level])).toEqual([[theirs.id, 'owner']]);
  });

  it('invitations, directory entries, inviters and logo uploaders naming an outsider: none survives a restore', async () => {
    const { owner, ws: workspace } = await ownerWithWorkspace(api);
    const outsider = await quickUser(api);
    await setLogo(api, workspace, '#00aa88');
    const result = await restoreForged(workspace, (tables) => {
      for (const image of tables.get('images')!) image.owner_user_id = outsider.id;
      // A pending invitation would show the outsider's username and name in the sent list.
      const invitations = tables.get('workspace_invitations')!;
      invitations.push(
        forgedInvitation(workspace.id, {
          invitee_user_id: outsider.id,
          invitee_phone: null,
          invited_by: owner.id,
        }),
      );
      // An inviter gets told of the answer: the outsider must not be named as one.
      invitations.push(
        forgedInvitation(workspace.id, {
          invitee_user_id: null,
          invitee_phone: randomPhone(),
          invited_by: outsider.id,
        }),
      );
      tables.get('workspace_users')!.push(directoryRow(workspace.id, outsider.id, 'unconfirmed'));
    });
    expect(result.missingMembers).toEqual([]);
    expect(await exposure(workspace, outsider)).toEqual(notExposed);
    expect(await rowsNaming(workspace.id, outsider.id)).toEqual([]);
    const mine = await call<unknown[]>('GET', invitations, outsider);
    expect(mine.body.data).toEqual([]);
    // The invitation to a phone itself is the workspace's own record and is kept, without the inviter.
    const sent = await call<{ items: { invitee: unknown }[]; total: number }>(
      'GET',
      `${invitations}?workspaceId=${workspace.id}`,
      owner,
    );
    expect(sent.body.data.total).toBe(1);
    // The logo is kept, as uploaded by the restoring owner.
    const logo = (await api.deps.database.db.execute(
      sql`select owner_user_id from images where workspace_id = ${workspace.id}`,
    )) as unknown as { rows: { owner_user_id: string }[] };
    expect(logo.rows).toEqual([{ owner_user_id: owner.id }]);
  });

  it("a registered person's phone waiting in the directory and in a pending invitation: left out", async () => {
    const { owner, ws: workspace } = await ownerWithWorkspace(api);
    const person = await quickUser(api);
    const result = await restoreForged(workspace, (tables) => {
      // As the API writes an invitation to a phone no account holds: consistent, so the archive passes.
      tables.get('workspace_users')!.push({
        ...directoryRow(workspace.id, person.id, 'unregistered'),
        user_id: null,
        phone: person.phone,
        join_date: null,
      });
      tables.get('workspace_invitations')!.push(
        forgedInvitation(workspace.id, {
          invitee_user_id: null,
          invitee_phone: person.phone,
          invited_by: owner.id,
        }),
      );
    });
    expect(result.missingMembers).toEqual([]);
    expect(await rowsNaming(workspace.id, person.phone)).toEqual([]);
    const directory = await call<{ total: number }>(
      'GET',
      `/v1/workspaces/users/identity/workspace-id/${workspace.id}/`,
      owner,
    );
    expect(directory.body.data.total).toBe(1);
  });

  it('an archive stored before the checks it fails is refused at restore, and nothing changes', async () => {
    const { ws: workspace } = await ownerWithWorkspace(api);
    const backup = await takeBackup(api, workspace);
    const file = await exportBackup(api, workspace, backup.id);
    const forged = await rewrittenArchive(file.bytes, (tables) => {
      tables.get('workspace_users')!.push({
        ...directoryRow(workspace.id, uuidv7(), 'confirmed'),
        user_id: null,
        phone: randomPhone(),
      });
    });
    // Stored as an older server stored imports, past today's checks.
    const id = uuidv7();
    await insertBackup(api.deps.database.db, {
      id,
      workspaceId: workspace.id,
      source: 'imported',
      size: forged.length,
      sha256: createHash('sha256').update(forged).digest('hex'),
      formatVersion,
      counts: backup.counts,
      snapshotDate: new Date(),
      createdBy: workspace.owner.id,
      createdDate: new Date(),
      archive: forged,
    });
    const before = await backupIds(api, workspace);
    const restored = await restoreBackup(api, workspace, id);
    expect({ status: restored.status, reason: (restored.body.data as { reason?: string }).reason }).toEqual({
      status: 400,
      reason: 'invalid_data',
    });
    expect(await backupIds(api, workspace)).toEqual(before);
  });

  it('keeps everyone who is a member at restore time, and leaves out (and reports) who left since the backup', async () => {
    const { owner, ws: workspace } = await ownerWithWorkspace(api);
    const stays = await quickUser(api);
    const leaves = await quickUser(api);
    await addMember(api, workspace, stays);
    const leavingMemberId = await addMember(api, workspace, leaves);
    const invitee = await quickUser(api);
    expect(
      (await call('POST', invitations, owner, { workspaceId: workspace.id, username: invitee.username }))
        .status,
    ).toBe(200);
    const backup = await takeBackup(api, workspace);
    const left = await call('DELETE', '/v1/workspaces/members/identity/', leaves, {
      workspaceId: workspace.id,
      memberId: leavingMemberId,
    });
    expect(left.status).toBe(200);

    const restored = await restoreBackup(api, workspace, backup.id);
    expect(restored.status).toBe(200);
    expect(restored.body.data.missingMembers).toEqual([
      expect.objectContaining({ memberId: leavingMemberId, userId: leaves.id, level: 'member' }),
    ]);
    expect(await exposure(workspace, stays)).toEqual({ listed: true, readStatus: 200, inDirectory: true });
    expect(await exposure(workspace, leaves)).toEqual(notExposed);
    // The invitee, still invited when the restore ran, keeps the invitation.
    const mine = await call<{ workspaceId: string }[]>('GET', invitations, invitee);
    expect(mine.body.data.map((i) => i.workspaceId)).toEqual([workspace.id]);
  });
});

describe('pre-restore backups', () => {
  it(`keeps only the newest ${maxPreRestoreBackups}: restores cannot fill the database`, async () => {
    const { ws: workspace } = await ownerWithWorkspace(api);
    const backup = await takeBackup(api, workspace);
    const preRestores: string[] = [];
    for (let i = 0; i <= maxPreRestoreBackups; i++) {
      const restored = await restoreBackup(api, workspace, backup.id);
      expect(restored.status).toBe(200);
      preRestores.push(restored.body.data.preRestoreBackup.id);
    }
    const kept = preRestores.slice(-maxPreRestoreBackups).reverse();
    expect(await backupIds(api, workspace)).toEqual([...kept, backup.id]);
  });
});
