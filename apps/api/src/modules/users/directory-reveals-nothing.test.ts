import type { WorkspaceUser } from '@wsm/contracts';
import { describe, expect, it } from 'vitest';
import {
  callIn,
  invite,
  maskedPhone,
  ownerWithWorkspace,
  quickUser,
  randomPhone,
  type TestUser,
} from '../../../test/fixtures';
import { appForFile } from '../../../test/test-app';
import { claimInvitationsForAccount } from '../members/service';

// An inviter who reads the directory must not learn whether an invited phone has an account, nor whose
// (docs/security.md, "Invitations reveal nothing"): until the person accepts, an invitee's entry is
// what was typed, alike in the list, one entry, the status filters, the search and a status change.

const api = appForFile();
const base = '/v1/workspaces/users/identity';
type Page<T> = { items: T[]; total: number };
const call = callIn(api, 'en');

/** An entry with what differs by nature (its id, the typed phone) taken out. */
function shape(entry: WorkspaceUser, phone: string) {
  const { id, phone: shown, ...rest } = entry;
  expect(typeof id).toBe('string');
  expect(shown).toBe(maskedPhone(phone));
  return rest;
}

async function setup() {
  const { ws, token } = await ownerWithWorkspace(api);
  const holder: TestUser = await quickUser(api);
  const nobodys = randomPhone();
  await invite(api, ws, { phone: holder.phone });
  await invite(api, ws, { phone: nobodys });
  const list = async (query = '') =>
    (await call<Page<WorkspaceUser>>('GET', `${base}/workspace-id/${ws.id}/${query}`, token)).body.data;
  const entryFor = async (phone: string) => {
    const entry = (await list()).items.find((u) => u.phone === maskedPhone(phone));
    if (!entry) throw new Error('no entry for the phone');
    return entry;
  };
  return { ws, token, holder, nobodys, list, entryFor };
}

describe('the directory shows an invited phone the same with or without an account', () => {
  it('in the list and as one entry: only the typed phone, no name, username, e-mail or national code', async () => {
    const { ws, token, holder, nobodys, entryFor } = await setup();
    const withAccount = await entryFor(holder.phone);
    const withoutAccount = await entryFor(nobodys);
    expect(shape(withAccount, holder.phone)).toEqual(shape(withoutAccount, nobodys));
    expect(withAccount).toMatchObject({
      status: { key: 'unconfirmed', name: 'Unconfirmed' },
      username: null,
      firstName: null,
      lastName: null,
      email: { value: null, verified: false },
      nationalId: null,
      joinDate: null,
    });
    const one = async (id: string) =>
      (await call<WorkspaceUser>('GET', `${base}/id/${id}/workspace-id/${ws.id}/`, token)).body.data;
    expect(shape(await one(withAccount.id), holder.phone)).toEqual(
      shape(await one(withoutAccount.id), nobodys),
    );
  });

  it('in the status filters and the search', async () => {
    const { holder, list } = await setup();
    const unconfirmed = await list('?status=unconfirmed');
    expect(unconfirmed.total).toBe(2);
    expect(unconfirmed.items).toHaveLength(2);
    expect(await list('?status=unregistered')).toMatchObject({ total: 0, items: [] });
    // The account's names and username find nothing before the person accepts.
    for (const search of [holder.username, `Test ${holder.username}`])
      expect((await list(`?search=${encodeURIComponent(search)}`)).items).toEqual([]);
  });

  it('in the answer to a status change', async () => {
    const { ws, token, holder, nobodys, entryFor } = await setup();
    const withAccount = await entryFor(holder.phone);
    const withoutAccount = await entryFor(nobodys);
    for (const statusKey of ['unregistered', 'unconfirmed', 'confirmed']) {
      const answers = await Promise.all(
        [withAccount, withoutAccount].map(async (entry) => {
          const answer = await call('PUT', `${base}/status/`, token, {
            workspaceId: ws.id,
            userId: entry.id,
            statusKey,
          });
          return { http: answer.status, body: answer.body };
        }),
      );
      expect(answers[0]).toEqual(answers[1]);
    }
  });

  it('still once the phone without an account signs up, and the account shows once it accepts', async () => {
    const { holder, nobodys, entryFor } = await setup();
    const before = await entryFor(nobodys);
    const latecomer = await quickUser(api, { phone: nobodys });
    await claimInvitationsForAccount(api.deps.database.db, { userId: latecomer.id, phone: nobodys });
    expect(await entryFor(nobodys)).toEqual(before);
    const invitations = await call<{ id: string }[]>(
      'GET',
      '/v1/workspaces/members/identity/invitations/',
      holder.tokens.accessToken,
    );
    const accepted = await call(
      'POST',
      '/v1/workspaces/members/identity/invitations/response/',
      holder.tokens.accessToken,
      {
        invitationId: invitations.body.data[0]!.id,
        accept: true,
      },
    );
    expect(accepted.status).toBe(200);
    expect(await entryFor(holder.phone)).toMatchObject({
      status: { key: 'confirmed' },
      username: holder.username,
      firstName: 'Sara',
    });
  });
});
