import { StatusCode } from '@wsm/contracts';
import { http } from 'msw';
import { bodyOf, fail, ok, queryOf } from '../../../lib/mock-http';
import { langOf } from './catalogue';
import {
  inDays,
  invitationView,
  memberView,
  nameMatches,
  nextId,
  page,
  type StoredInvitation,
  store,
  typedInvitee,
} from './store';

// The mocked workspace's members and the invitations it sent.

const identity = '/v1/workspaces/members/identity';

export const memberMockHandlers = [
  http.get(`${identity}/workspace-id/:workspaceId`, ({ request }) => {
    const lang = langOf(request);
    const found = page(store.members, request, nameMatches);
    return ok({ ...found, items: found.items.map((member) => memberView(member, lang)) });
  }),
  http.put(identity, async ({ request }) => {
    const { memberId, roleId } = await bodyOf(request);
    const member = store.members.find((item) => item.id === memberId);
    if (!member) return fail(404, StatusCode.notFound);
    if (member.level === 'owner') return fail(400, StatusCode.forbidden);
    member.roleId = typeof roleId === 'string' ? roleId : null;
    return ok(memberView(member, langOf(request)));
  }),
  http.delete(identity, async ({ request }) => {
    const { memberId } = await bodyOf(request);
    const member = store.members.find((item) => item.id === memberId);
    if (!member) return fail(404, StatusCode.notFound);
    if (member.level === 'owner') return fail(400, StatusCode.forbidden);
    store.members = store.members.filter((item) => item !== member);
    return ok(null);
  }),
  http.get(`${identity}/invitations`, ({ request }) => {
    // Without ?workspaceId= it is the caller's own invitations: the workspaces feature's handler answers.
    if (!queryOf(request, 'workspaceId')) return undefined;
    const lang = langOf(request);
    const found = page(store.invitations, request, (invitation, search) =>
      nameMatches(invitation.invitee, search),
    );
    return ok({ ...found, items: found.items.map((invitation) => invitationView(invitation, lang)) });
  }),
  http.post(`${identity}/invitations`, async ({ request }) => {
    const body = await bodyOf(request);
    const username = typeof body.username === 'string' ? body.username : null;
    const phone = typeof body.phone === 'string' ? body.phone : null;
    const nationalCode = typeof body.nationalCode === 'string' ? body.nationalCode : null;
    const typed = phone
      ? ({ kind: 'phone', value: phone } as const)
      : nationalCode
        ? ({ kind: 'nationalCode', value: nationalCode } as const)
        : username
          ? ({ kind: 'username', value: username } as const)
          : null;
    // Like the API: only the same value typed again while pending is refused, members or not.
    const pendingAlready = store.invitations.some(
      (item) =>
        item.status === 'pending' &&
        item.invitee.typed?.kind === typed?.kind &&
        item.invitee.typed?.value === typed?.value,
    );
    if (pendingAlready) return fail(400, StatusCode.duplicate);
    const invitation: StoredInvitation = {
      id: nextId('invitation'),
      roleId: typeof body.roleId === 'string' ? body.roleId : null,
      // Like the API: only what was typed, whether or not an account holds it.
      invitee: typedInvitee(
        {
          username,
          phone: phone ? `${phone.slice(0, 4)}***${phone.slice(-4)}` : null,
          nationalCode: nationalCode ? `${nationalCode.slice(0, 3)}****${nationalCode.slice(-3)}` : null,
        },
        typed,
      ),
      status: 'pending',
      createdDate: new Date().toISOString(),
      expiresDate: inDays(7),
    };
    store.invitations.unshift(invitation);
    return ok(invitationView(invitation, langOf(request)));
  }),
  http.delete(`${identity}/invitations`, async ({ request }) => {
    const { invitationId } = await bodyOf(request);
    const invitation = store.invitations.find((item) => item.id === invitationId);
    if (invitation?.status !== 'pending') return fail(404, StatusCode.notFound);
    invitation.status = 'withdrawn';
    return ok(null);
  }),
];
