import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageWindow } from '../src/lib/paging';
import { createWorkspace, quickUser, type TestUser } from './fixtures';
import { startTestApp, type TestApp } from './test-app';

// Lists flat at scale: totals come from counters kept by triggers and late pages are
// read backwards from the end. Whatever the path, the pages must be the list, in order, with its total.

describe('pageWindow', () => {
  it('reads early pages forwards and late ones backwards, never past the end', () => {
    expect(pageWindow(100, 0, 20)).toEqual({ reverse: false, offset: 0, limit: 20 });
    expect(pageWindow(100, 80, 20)).toEqual({ reverse: true, offset: 0, limit: 20 });
    expect(pageWindow(101, 100, 20)).toEqual({ reverse: true, offset: 0, limit: 1 });
    expect(pageWindow(100, 60, 20)).toEqual({ reverse: true, offset: 20, limit: 20 });
    expect(pageWindow(100, 100, 20)).toBeUndefined();
    expect(pageWindow(0, 0, 20)).toBeUndefined();
  });
});

describe('workspace lists read from either end', () => {
  let api: TestApp;
  let owner: TestUser;
  let workspaceId: string;
  const people = 23;

  beforeAll(async () => {
    api = await startTestApp();
    owner = await quickUser(api);
    workspaceId = (await createWorkspace(api, owner)).id;
    const tag = workspaceId.slice(-12);
    const db = api.deps.database.db;
    // Written straight to the tables, as a restore or a bulk import would: the triggers count them.
    await db.execute(sql`insert into users (id, phone, username, password_hash, first_name, last_name)
      select ${tag} || '-u' || i, '097' || lpad((${Math.floor(Math.random() * 1e6)} * 100 + i)::text, 8, '0'),
        ${`p${tag.replace(/-/g, '')}`} || lpad(i::text, 3, '0'), 'x', 'Given' || i, 'Family' || i
      from generate_series(1, ${people}::int) as i`);
    await db.execute(sql`insert into workspace_members (id, workspace_id, user_id, joined_date)
      select ${tag} || '-m' || i, ${workspaceId}, ${tag} || '-u' || i, now() + i * interval '1 second'
      from generate_series(1, ${people}::int) as i`);
    await db.execute(sql`insert into workspace_users (id, workspace_id, user_id, status, created_date)
      select ${tag} || '-d' || i, ${workspaceId}, ${tag} || '-u' || i, case when i % 2 = 0 then 'confirmed' else 'suspended' end,
        now() + i * interval '1 second'
      from generate_series(1, ${people}::int) as i`);
    await db.execute(sql`insert into workspace_invitations (id, workspace_id, invitee_username, token, expires_date, created_date)
      select ${tag} || '-i' || i, ${workspaceId}, 'invitee' || i, ${tag} || '-t' || i, now() + interval '7 days',
        now() + i * interval '1 second'
      from generate_series(1, ${people}::int) as i`);
  });
  afterAll(() => api.close());

  const get = async (path: string) => {
    const answer = await api.call<{ items: { id: string }[]; total: number }>('GET', path, {
      token: owner.tokens.accessToken,
    });
    expect(answer.body.statusCode).toBe(200);
    return answer.body.data;
  };
  const lists = () => [
    { name: 'members', path: `/v1/workspaces/members/identity/workspace-id/${workspaceId}/?` },
    { name: 'directory', path: `/v1/workspaces/users/identity/workspace-id/${workspaceId}/?` },
    {
      name: 'suspended',
      path: `/v1/workspaces/users/identity/workspace-id/${workspaceId}/?status=suspended&`,
    },
    { name: 'invitations', path: `/v1/workspaces/members/identity/invitations/?workspaceId=${workspaceId}&` },
  ];

  it('pages of any size (late ones read backwards) make up the whole list, in order, with its total', async () => {
    for (const list of lists()) {
      const all = await get(`${list.path}page=1&pageSize=100`);
      for (const size of [3, 5, 7, 11]) {
        const ids: string[] = [];
        for (let page = 1; page <= Math.ceil(all.total / size) + 1; page++) {
          const part = await get(`${list.path}page=${page}&pageSize=${size}`);
          expect(part.total, list.name).toBe(all.total);
          ids.push(...part.items.map((item) => item.id));
        }
        expect(ids, `${list.name} in pages of ${size}`).toEqual(all.items.map((item) => item.id));
      }
      expect(all.items.length, list.name).toBe(all.total);
    }
    expect((await get(lists()[0]!.path)).total).toBe(people + 1);
    expect((await get(lists()[2]!.path)).total).toBe(Math.ceil(people / 2));
  });

  it('counts follow deletes and status changes, and searches still find by name', async () => {
    const db = api.deps.database.db;
    const tag = workspaceId.slice(-12);
    await db.execute(sql`delete from workspace_members where id = ${`${tag}-m1`}`);
    await db.execute(sql`update workspace_users set status = 'confirmed' where id = ${`${tag}-d1`}`);
    expect((await get(lists()[0]!.path)).total).toBe(people);
    expect((await get(lists()[2]!.path)).total).toBe(Math.ceil(people / 2) - 1);
    const found = await get(`${lists()[0]!.path}search=Family17`);
    expect(found.total).toBe(1);
    expect((await get(`${lists()[1]!.path}search=Given17`)).total).toBe(1);
    expect((await get(`${lists()[3]!.path}search=invitee17`)).total).toBe(1);
  });
});
