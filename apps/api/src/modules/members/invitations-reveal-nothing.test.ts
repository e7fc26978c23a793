import { type Invitation, maskNationalCode, maskPhone } from '@wsm/contracts';
import { describe, expect, it } from 'vitest';
import {
  addMember,
  callIn,
  createWorkspace,
  memberWith,
  ownerWithWorkspace,
  quickUser,
  randomNationalCode,
  randomPhone,
  randomUsername,
  type TestUser,
} from '../../../test/fixtures';
import { appForFile } from '../../../test/test-app';

// An inviter who tries candidate phones, national codes or usernames must learn nothing from the
// answers: not who has an account, not who is a member, not which identifiers are one person
// (docs/security.md, "Invitations reveal nothing").

const api = appForFile();
const base = '/v1/workspaces/members/identity';
type Page<T> = { items: T[]; total: number };
type Kind = 'phone' | 'nationalCode' | 'username';
const kinds: Kind[] = ['phone', 'nationalCode', 'username'];

const identifierOf = (person: TestUser, kind: Kind) => person[kind];
const unknownValue = (kind: Kind) =>
  kind === 'phone' ? randomPhone() : kind === 'nationalCode' ? randomNationalCode() : randomUsername();

/** An answer with what differs by nature (ids, token, dates, the typed value itself) taken out. */
function shape(
  answer: { status: number; body: { statusCode: number; statusMessage: string; data: Invitation } },
  kind: Kind,
  value: string,
) {
  const { id, token, createdDate, expiresDate, invitee, ...rest } = answer.body.data;
  expect([id, token, createdDate, expiresDate].every((v) => typeof v === 'string' && v.length > 0)).toBe(
    true,
  );
  // The invitee is exactly what was typed, whoever holds it.
  expect(invitee).toEqual({
    userId: null,
    firstName: null,
    lastName: null,
    username: kind === 'username' ? value : null,
    phone: kind === 'phone' ? maskPhone(value) : null,
    nationalCode: kind === 'nationalCode' ? maskNationalCode(value) : null,
    typed: { kind, value },
  });
  return {
    http: answer.status,
    statusCode: answer.body.statusCode,
    statusMessage: answer.body.statusMessage,
    keys: Object.keys(answer.body.data).sort(),
    ...rest,
  };
}

describe('an invitation answers the same for everyone', () => {
  for (const kind of kinds)
    it(`by ${kind}: unknown, an account, a member and an account invited under another identifier alike`, async () => {
      const { ws, token } = await setup();
      const call = callIn(api, 'fa');
      const send = (value: string) =>
        call<Invitation>('POST', `${base}/invitations/`, token, { workspaceId: ws.id, [kind]: value });

      const account = await quickUser(api);
      const member = await quickUser(api);
      await addMember(api, ws, member);
      const invitedBefore = await quickUser(api);
      const other: Kind = kind === 'username' ? 'phone' : 'username';
      const first = await send0(token, ws.id, { [other]: identifierOf(invitedBefore, other) });
      expect(first.body.statusCode).toBe(200);

      const values = {
        unknown: unknownValue(kind),
        account: identifierOf(account, kind),
        member: identifierOf(member, kind),
        invitedBefore: identifierOf(invitedBefore, kind),
      };
      const answers: Record<string, ReturnType<typeof shape>> = {};
      for (const [who, value] of Object.entries(values)) answers[who] = shape(await send(value), kind, value);
      expect(answers.unknown).toMatchObject({ http: 200, statusCode: 200, status: { key: 'pending' } });
      for (const who of ['account', 'member', 'invitedBefore'])
        expect(answers[who], who).toEqual(answers.unknown);

      // The inviter's own duplicate (the same kind and value, still pending) is refused alike for all.
      const again: Record<string, unknown> = {};
      for (const [who, value] of Object.entries(values)) {
        const answer = await send(value);
        again[who] = { http: answer.status, statusCode: answer.body.statusCode, body: answer.body };
      }
      expect((again.unknown as { statusCode: number }).statusCode).toBe(261);
      for (const who of ['account', 'member', 'invitedBefore'])
        expect(again[who], who).toEqual(again.unknown);

      // Nothing broke: the member is offered nothing, the account invited before still has its first
      // invitation only, the plain account has the new one.
      const mine = async (person: TestUser) =>
        (await call<Invitation[]>('GET', `${base}/invitations/`, person.tokens.accessToken)).body.data.map(
          (i) => i.id,
        );
      expect(await mine(member)).toEqual([]);
      expect(await mine(invitedBefore)).toEqual([first.body.data.id]);
      expect(await mine(account)).toHaveLength(1);
      const members = await call<Page<{ user: { id: string } }>>(
        'GET',
        `${base}/workspace-id/${ws.id}/?search=${member.username}`,
        token,
      );
      expect(members.body.data.items.map((m) => m.user.id)).toEqual([member.id]);
    });

  it('the text limits count a phone with an account like one without (no 260 for one kind only)', async () => {
    const owner = await quickUser(api);
    const call = callIn(api, 'en');
    const registered = (await quickUser(api)).phone;
    const unknown = randomPhone();
    const codes: Record<string, number[]> = { registered: [], unknown: [] };
    for (let i = 0; i < 4; i++) {
      const ws = await createWorkspace(api, owner);
      for (const [who, phone] of Object.entries({ registered, unknown }))
        codes[who]!.push(
          (
            await call('POST', `${base}/invitations/`, owner.tokens.accessToken, {
              workspaceId: ws.id,
              phone,
            })
          ).body.statusCode,
        );
    }
    expect(codes.unknown).toEqual([200, 200, 200, 260]);
    expect(codes.registered).toEqual(codes.unknown);
  });

  it('invitations to one account under three identifiers at once are all accepted; it holds one', async () => {
    const { ws, token } = await setup();
    const call = callIn(api, 'en');
    const person = await quickUser(api);
    const answers = await Promise.all(
      kinds.map((kind) =>
        call<Invitation>('POST', `${base}/invitations/`, token, { workspaceId: ws.id, [kind]: person[kind] }),
      ),
    );
    expect(answers.map((a) => a.body.statusCode)).toEqual([200, 200, 200]);
    const mine = await call<Invitation[]>('GET', `${base}/invitations/`, person.tokens.accessToken);
    expect(mine.body.data).toHaveLength(1);
  });
});

describe('the sent invitations list', () => {
  it('shows its inviter what was typed, in full; other readers only the masked value', async () => {
    const { ws, token } = await setup();
    const call = callIn(api, 'en');
    const reader = await memberWith(api, ws, ['tenant_members_read']);
    const codes = [randomNationalCode(), randomNationalCode()];
    for (const nationalCode of codes) await send0(token, ws.id, { nationalCode });
    const list = async (as: string) =>
      (await call<Page<Invitation>>('GET', `${base}/invitations/?workspaceId=${ws.id}`, as)).body.data.items
        .filter((i) => i.invitee.nationalCode !== null)
        .map((i) => i.invitee);
    expect((await list(token)).map((i) => i.typed)).toEqual(
      [...codes].reverse().map((value) => ({ kind: 'nationalCode', value })),
    );
    const seenByReader = await list(reader.user.tokens.accessToken);
    expect(seenByReader.map((i) => [i.typed, i.nationalCode])).toEqual(
      [...codes].reverse().map((code) => [null, maskNationalCode(code)]),
    );
  });
});

const setup = () => ownerWithWorkspace(api, { name: 'Acme' });

function send0(token: string, workspaceId: string, invitee: Record<string, string>) {
  return callIn(api, 'en')<Invitation>('POST', `${base}/invitations/`, token, { workspaceId, ...invitee });
}
