// Paging and searching the invitations a workspace sent: unsearched pages and searched pages within the
// search's cap come from one statement each (sent-pages.ts), searched pages past it from the general
// path; they must agree with the database's order, page after page.
import type { Invitation } from '@wsm/contracts';
import { and, desc, eq, ilike } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { quickUser } from '../../../test/fixtures';
import { appForFile } from '../../../test/test-app';
import { users } from '../identity/schema';
import { base, membersKit, type Page } from './members-test-kit';
import { invitations } from './schema';

const api = appForFile();
const { call, setup, sendInvitation, answerInvitation } = membersKit(api);
const db = () => api.deps.database.db;
type Found = Page<Invitation> & { totalCapped?: true };

/** Writes `count` pending invitations typed as `${prefix}NNN`, a second apart, the highest newest. */
async function seedTyped(workspaceId: string, prefix: string, count: number, ageDays = 0) {
  const start = Date.now() - ageDays * 86_400_000 - count * 1000;
  await db()
    .insert(invitations)
    .values(
      Array.from({ length: count }, (_, i) => ({
        id: `${workspaceId}-${prefix}${i}`,
        workspaceId,
        inviteeUsername: `${prefix}${String(i).padStart(3, '0')}`,
        token: `${workspaceId}-${prefix}${i}-token`,
        createdDate: new Date(start + i * 1000),
        expiresDate: new Date(start + i * 1000 + 7 * 86_400_000),
      })),
    );
}

const search = (workspaceId: string, token: string, term: string, page = 1) =>
  call<Found>(
    'GET',
    `${base}/invitations/?workspaceId=${workspaceId}&search=${encodeURIComponent(term)}&page=${page}&pageSize=20`,
    token,
  );

describe('searching sent invitations', () => {
  it('pages within and past the cap agree, newest first, with the total capped', async () => {
    const { ws, token } = await setup();
    const other = await setup();
    await seedTyped(ws.id, 'match_', 130);
    await seedTyped(ws.id, 'else_', 10);
    await seedTyped(other.ws.id, 'match_', 5);

    const expected = await db()
      .select({ id: invitations.id })
      .from(invitations)
      .where(and(eq(invitations.workspaceId, ws.id), ilike(invitations.inviteeUsername, 'match\\_%')))
      .orderBy(desc(invitations.createdDate), desc(invitations.id));
    expect(expected).toHaveLength(130);

    const seen: string[] = [];
    for (let page = 1; page <= 7; page++) {
      const answer = await search(ws.id, token, 'MATCH_', page);
      expect(answer.status).toBe(200);
      // Past the cap the total says "more than 100" on every page, whichever path read it.
      expect(answer.body.data).toMatchObject({ total: 101, totalCapped: true, page, pageSize: 20 });
      seen.push(...answer.body.data.items.map((item) => item.id));
    }
    expect(seen).toEqual(expected.map((row) => row.id));

    const few = await search(ws.id, token, 'else_');
    expect(few.body.data.total).toBe(10);
    expect(few.body.data.totalCapped).toBeUndefined();
    expect(few.body.data.items.map((item) => item.invitee.username)).toEqual(
      Array.from({ length: 10 }, (_, i) => `else_${String(9 - i).padStart(3, '0')}`),
    );
    const beyond = await search(ws.id, token, 'else_', 2);
    expect(beyond.body.data).toMatchObject({ items: [], total: 10 });
    expect((await search(ws.id, token, 'nothing_like_it')).body.data).toMatchObject({ items: [], total: 0 });
    // A pattern's own characters are taken literally.
    expect((await search(ws.id, token, '%')).body.data.total).toBe(0);
    // Another workspace's owner gets nothing of this one's invitations.
    const foreign = await search(ws.id, other.token, 'match_');
    expect(foreign.body.statusCode).toBe(403);
    expect(JSON.stringify(foreign.body)).not.toContain('match_');
  });

  it("finds an accepted invitee by the account's names, a pending one only by what was typed", async () => {
    const { ws, token } = await setup();
    const accepted = await quickUser(api);
    const pending = await quickUser(api);
    for (const person of [accepted, pending])
      await db()
        .update(users)
        .set({ firstName: 'Zohreh', lastName: 'Karimi' })
        .where(eq(users.id, person.id));
    const sent = await sendInvitation(token, ws.id, { username: accepted.username });
    await sendInvitation(token, ws.id, { username: pending.username });
    await answerInvitation(accepted, sent.body.data.id, true);

    const byName = await search(ws.id, token, 'zohreh kar');
    expect(byName.body.data.items.map((item) => item.id)).toEqual([sent.body.data.id]);
    expect(byName.body.data.items[0]).toMatchObject({ status: { key: 'accepted' } });
    expect((await search(ws.id, token, pending.username)).body.data.total).toBe(1);
  });

  it('shows a pending invitation past its date as expired and marks it so', async () => {
    const { ws, token } = await setup();
    await seedTyped(ws.id, 'old_', 1, 8);
    const answer = await search(ws.id, token, 'old_');
    expect(answer.body.data.items.map((item) => item.status.key)).toEqual(['expired']);
    const [row] = await db()
      .select({ status: invitations.status })
      .from(invitations)
      .where(eq(invitations.workspaceId, ws.id));
    expect(row?.status).toBe('expired');
  });
});

describe('paging sent invitations', () => {
  const page = (workspaceId: string, token: string, number: number, size: number) =>
    call<Found>(
      'GET',
      `${base}/invitations/?workspaceId=${workspaceId}&page=${number}&pageSize=${size}`,
      token,
    );

  it('reads every page from either end in the list order, short last pages included', async () => {
    const { ws, token } = await setup();
    const other = await setup();
    await seedTyped(ws.id, 'p_', 23);
    // Sent at the same moment: the id decides their order.
    const at = new Date(Date.now() - 3600_000);
    await db()
      .insert(invitations)
      .values(
        ['tie_a', 'tie_b', 'tie_c'].map((name) => ({
          id: `${ws.id}-${name}`,
          workspaceId: ws.id,
          inviteeUsername: name,
          token: `${ws.id}-${name}-token`,
          createdDate: at,
          expiresDate: new Date(at.getTime() + 7 * 86_400_000),
        })),
      );
    await seedTyped(other.ws.id, 'p_', 7);
    const expected = (
      await db()
        .select({ id: invitations.id })
        .from(invitations)
        .where(eq(invitations.workspaceId, ws.id))
        .orderBy(desc(invitations.createdDate), desc(invitations.id))
    ).map((row) => row.id);
    expect(expected).toHaveLength(26);

    for (const size of [3, 4, 5, 7, 13, 26, 50]) {
      const seen: string[] = [];
      for (let number = 1; number <= Math.ceil(26 / size); number++) {
        const answer = await page(ws.id, token, number, size);
        expect(answer.status).toBe(200);
        expect(answer.body.data).toMatchObject({ total: 26, page: number, pageSize: size });
        expect(answer.body.data.totalCapped).toBeUndefined();
        seen.push(...answer.body.data.items.map((item) => item.id));
      }
      expect(seen, `pages of ${size}`).toEqual(expected);
      const beyond = await page(ws.id, token, Math.ceil(26 / size) + 1, size);
      expect(beyond.body.data).toMatchObject({ items: [], total: 26 });
    }
    expect((await page(other.ws.id, other.token, 2, 5)).body.data.items.map((item) => item.id)).toEqual([
      `${other.ws.id}-p_1`,
      `${other.ws.id}-p_0`,
    ]);
    const foreign = await page(ws.id, other.token, 2, 5);
    expect(foreign.body.statusCode).toBe(403);
    expect(JSON.stringify(foreign.body)).not.toContain('p_0');
  });

  it('shows a pending invitation past its date on a later page as expired and marks it so', async () => {
    const { ws, token } = await setup();
    await seedTyped(ws.id, 'old_', 3, 8);
    await seedTyped(ws.id, 'new_', 4);
    const last = await page(ws.id, token, 3, 3);
    expect(last.body.data.items.map((item) => [item.invitee.username, item.status.key])).toEqual([
      ['old_000', 'expired'],
    ]);
    const statuses = await db()
      .select({ status: invitations.status })
      .from(invitations)
      .where(and(eq(invitations.workspaceId, ws.id), ilike(invitations.inviteeUsername, 'old\\_%')));
    expect(statuses.map((row) => row.status)).toEqual(['expired', 'expired', 'expired']);
  });
});
