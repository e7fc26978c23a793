import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchTotalCap, totalCap } from '../src/lib/paging';
import { createWorkspace, quickUser, type TestUser } from './fixtures';
import { startTestApp, type TestApp } from './test-app';

// Searched totals (searchTotalCap) and audit totals (totalCap) are counted up to a cap (docs/api.md,
// "Capped totals"): past it the answer says total = cap + 1 and totalCapped; the rows and their order
// stay those of the uncapped search.

type Page = { items: { id: string }[]; total: number; page: number; pageSize: number; totalCapped?: true };

describe('capped totals', () => {
  let api: TestApp;
  let owner: TestUser;
  let workspaceId: string;
  let tag: string;
  // One more than the audit cap: the first searchTotalCap people are called "Hundred", the last "Extra",
  // the others "Other"; every one's last name holds "Capped".
  const people = totalCap + 1;

  beforeAll(async () => {
    api = await startTestApp();
    owner = await quickUser(api);
    workspaceId = (await createWorkspace(api, owner)).id;
    tag = workspaceId.slice(-12);
    const db = api.deps.database.db;
    const stamp = Math.floor(Math.random() * 9999);
    await db.execute(sql`insert into users (id, phone, username, password_hash, first_name, last_name)
      select ${tag} || '-u' || lpad(i::text, 4, '0'), '096' || lpad((${stamp} * 10000 + i)::text, 8, '0'),
        ${`c${tag.replace(/-/g, '')}`} || lpad(i::text, 4, '0'), 'x',
        case when i <= ${searchTotalCap}::int then 'Hundred' when i = ${people}::int then 'Extra' else 'Other' end,
        'Capped' || i
      from generate_series(1, ${people}::int) as i`);
    await db.execute(sql`insert into workspace_members (id, workspace_id, user_id, joined_date)
      select ${tag} || '-m' || lpad(i::text, 4, '0'), ${workspaceId}, ${tag} || '-u' || lpad(i::text, 4, '0'),
        now() + i * interval '1 second'
      from generate_series(1, ${people}::int) as i`);
    await db.execute(sql`insert into workspace_users (id, workspace_id, user_id, status, created_date)
      select ${tag} || '-d' || lpad(i::text, 4, '0'), ${workspaceId}, ${tag} || '-u' || lpad(i::text, 4, '0'),
        'confirmed', now() + i * interval '1 second'
      from generate_series(1, ${people}::int) as i`);
    await db.execute(sql`insert into workspace_invitations (id, workspace_id, invitee_username, token, expires_date, created_date)
      select ${tag} || '-i' || lpad(i::text, 4, '0'), ${workspaceId}, 'capped' || i, ${tag} || '-t' || i,
        now() + interval '7 days', now() + i * interval '1 second'
      from generate_series(1, ${people}::int) as i`);
    await db.execute(sql`insert into access_audit (id, workspace_id, actor_user_id, action, subject, created_date)
      select ${tag} || '-a' || lpad(i::text, 4, '0'), ${workspaceId}, null,
        case when i <= 3 then 'role.deleted' else 'role.updated' end, '{"roleId": "r", "name": "n"}'::jsonb,
        now() - i * interval '1 second'
      from generate_series(1, ${people}::int) as i`);
  });
  afterAll(() => api.close());

  const get = async (path: string) => {
    const answer = await api.call<Page>('GET', path, { token: owner.tokens.accessToken });
    expect(answer.body.statusCode, path).toBe(200);
    return answer.body.data;
  };
  /** Every row of a list, read a page of 100 at a time (the unsearched totals are exact). */
  const everything = async (path: string) => {
    const first = await get(`${path}page=1&pageSize=100`);
    const ids = first.items.map((item) => item.id);
    for (let page = 2; page <= Math.ceil(first.total / 100); page++)
      ids.push(...(await get(`${path}page=${page}&pageSize=100`)).items.map((item) => item.id));
    return ids;
  };
  const lists = () => [
    { name: 'members', path: `/v1/workspaces/members/identity/workspace-id/${workspaceId}/?` },
    { name: 'directory', path: `/v1/workspaces/users/identity/workspace-id/${workspaceId}/?` },
    { name: 'invitations', path: `/v1/workspaces/members/identity/invitations/?workspaceId=${workspaceId}&` },
  ];

  it('a search matching more than the cap says "more than 100" and pages the same rows in order', async () => {
    for (const list of lists()) {
      const unsearched = await get(`${list.path}page=1&pageSize=20`);
      expect(unsearched.totalCapped, list.name).toBeUndefined();
      expect(unsearched.total, list.name).toBeGreaterThan(totalCap);
      const seeded = (await everything(list.path)).filter((id) => id.startsWith(`${tag}-`));
      expect(seeded.length, list.name).toBe(people);

      const ids: string[] = [];
      // Pages past the cap still read the right rows: every one of the 1,001 matches, 100 at a time.
      for (let page = 1; page <= Math.ceil(people / 100); page++) {
        const part = await get(`${list.path}page=${page}&pageSize=100&search=capped`);
        expect(part.total, list.name).toBe(searchTotalCap + 1);
        expect(part.totalCapped, list.name).toBe(true);
        ids.push(...part.items.map((item) => item.id));
      }
      expect(ids, list.name).toEqual(seeded);
    }
  });

  it('a search matching the cap or fewer is counted exactly, without the flag', async () => {
    for (const list of [lists()[0]!, lists()[1]!]) {
      const hundred = await get(`${list.path}page=1&pageSize=5&search=Hundred`);
      expect(hundred.total, list.name).toBe(searchTotalCap);
      expect(hundred.totalCapped, list.name).toBeUndefined();
      const extra = await get(`${list.path}page=1&pageSize=5&search=Extra`);
      expect(extra.total, list.name).toBe(1);
      expect(extra.totalCapped, list.name).toBeUndefined();
      // A page past the end of a capped search is empty and still says how many there are.
      const past = await get(`${list.path}page=400&pageSize=5&search=Capped`);
      expect(past.items, list.name).toEqual([]);
      expect(past.total, list.name).toBe(searchTotalCap + 1);
    }
  });

  it('the audit log counts up to the cap, with or without filters', async () => {
    const path = `/v1/workspaces/audit/workspace-id/${workspaceId}/?`;
    const all = await get(`${path}page=1&pageSize=20`);
    expect(all.total).toBe(totalCap + 1);
    expect(all.totalCapped).toBe(true);
    const deleted = await get(`${path}page=1&pageSize=20&action=role.deleted`);
    expect(deleted.total).toBe(3);
    expect(deleted.totalCapped).toBeUndefined();
    expect(deleted.items.map((item) => item.id)).toEqual([`${tag}-a0001`, `${tag}-a0002`, `${tag}-a0003`]);
  });

  it('an audit total past the cap is kept, and counted again once its entries go', async () => {
    const path = `/v1/workspaces/audit/workspace-id/${workspaceId}/?page=1&pageSize=20&actor=${tag}-u0002`;
    const db = api.deps.database.db;
    await db.execute(
      sql`update access_audit set actor_user_id = ${`${tag}-u0002`} where workspace_id = ${workspaceId}`,
    );
    for (let read = 0; read < 2; read++) {
      const page = await get(path);
      expect([page.total, page.totalCapped, page.items.length]).toEqual([totalCap + 1, true, 20]);
    }
    // Deleting an account clears it as actor from every entry (the schema's `set null`).
    await db.execute(sql`delete from users where id = ${`${tag}-u0002`}`);
    const gone = await get(path);
    expect([gone.total, gone.totalCapped, gone.items.length]).toEqual([0, undefined, 0]);
  });
});
