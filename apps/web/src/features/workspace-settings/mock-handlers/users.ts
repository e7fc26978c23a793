import {
  StatusCode,
  type WorkspaceUserStatus,
  workspaceUserStatuses,
  workspaceUserTransitions,
} from '@wsm/contracts';
import { http } from 'msw';
import { bodyOf, fail, ok, queryOf } from '../../../lib/mock-http';
import { langOf, named } from './catalogue';
import { directory, nameMatches, page, store } from './store';

// The mocked workspace's user directory: every member plus every pending invitee by phone.

const users = '/v1/workspaces/users/identity';

export const userMockHandlers = [
  http.get(`${users}/status/workspace-id/:workspaceId`, ({ request }) =>
    ok(workspaceUserStatuses.map((key) => named(key, langOf(request)))),
  ),
  http.get(`${users}/workspace-id/:workspaceId`, ({ request }) => {
    const status = queryOf(request, 'status');
    const all = directory(langOf(request)).filter((user) => !status || user.status.key === status);
    return ok(page(all, request, nameMatches));
  }),
  http.put(users, async ({ request }) => {
    const body = await bodyOf(request);
    const member = store.members.find((item) => `entry-${item.userId}` === body.userId);
    if (!member) return fail(404, StatusCode.notFound);
    if (typeof body.firstName === 'string') member.firstName = body.firstName;
    if (typeof body.lastName === 'string') member.lastName = body.lastName;
    if (body.birthDate === null || typeof body.birthDate === 'string') member.birthDate = body.birthDate;
    return ok(directory(langOf(request)).find((user) => user.id === body.userId));
  }),
  http.delete(users, async ({ request }) => {
    const { userId } = await bodyOf(request);
    const member = store.members.find((item) => `entry-${item.userId}` === userId);
    if (member?.level === 'owner') return fail(400, StatusCode.forbidden);
    if (member) store.members = store.members.filter((item) => item !== member);
    else {
      const invitation = store.invitations.find((item) => `entry-${item.id}` === userId);
      if (!invitation) return fail(404, StatusCode.notFound);
      invitation.status = 'withdrawn';
    }
    return ok(null);
  }),
  http.put(`${users}/status`, async ({ request }) => {
    const { userId, statusKey } = await bodyOf(request);
    const member = store.members.find((item) => `entry-${item.userId}` === userId);
    if (!member) return fail(404, StatusCode.notFound);
    if (member.level === 'owner') return fail(400, StatusCode.forbidden);
    if (member.status === statusKey) return fail(400, StatusCode.duplicate);
    if (!workspaceUserTransitions[member.status].includes(statusKey as WorkspaceUserStatus))
      return fail(400, StatusCode.validation, {
        errors: [
          {
            path: 'statusKey',
            message:
              langOf(request) === 'fa' ? 'این تغییر وضعیت مجاز نیست' : 'This status change is not allowed',
          },
        ],
      });
    member.status = statusKey as WorkspaceUserStatus;
    return ok(directory(langOf(request)).find((user) => user.id === userId));
  }),
];
