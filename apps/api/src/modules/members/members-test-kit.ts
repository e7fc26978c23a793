import type { Invitation, Member, WorkspaceUser } from '@wsm/contracts';
import { afterEach } from 'vitest';
import { callIn, ownerWithWorkspace, type TestUser } from '../../../test/fixtures';
import type { TestApp } from '../../../test/test-app';
import { on } from '../../events/bus';
import type { MembersEvents } from './events';

// What the members and invitations test files share: their calls, as whoever a token is.

export const base = '/v1/workspaces/members/identity';
export type Page<T> = { items: T[]; total: number; page: number; pageSize: number };
export type MembersEvent = { type: keyof MembersEvents } & Record<string, unknown>;

export function membersKit(api: TestApp) {
  const call = callIn(api, 'fa');
  // The handlers wired at start-up (notifications) stay; only the file's recorders are removed.
  const unsubscribers: (() => void)[] = [];
  afterEach(() => {
    for (const unsubscribe of unsubscribers.splice(0)) unsubscribe();
  });

  function recordEvents(): MembersEvent[] {
    const seen: MembersEvent[] = [];
    const names: (keyof MembersEvents)[] = [
      'invitation.received',
      'invitation.answered',
      'invitation.withdrawn',
      'member.role_changed',
      'member.removed',
      'member.status_changed',
    ];
    for (const type of names) unsubscribers.push(on(type, (payload) => void seen.push({ type, ...payload })));
    return seen;
  }

  const setup = () => ownerWithWorkspace(api, { name: 'Acme' });

  /** Sends an invitation to the workspace as whoever `token` is; `invitee` names the person (and may carry a role). */
  const sendInvitation = (token: string, workspaceId: string, invitee: Record<string, string | null>) =>
    call<Invitation>('POST', `${base}/invitations/`, token, { workspaceId, ...invitee });

  /** Accepts or declines an invitation as `person`. */
  const answerInvitation = (person: TestUser, invitationId: string, accept: boolean) =>
    call('POST', `${base}/invitations/response/`, person.tokens.accessToken, { invitationId, accept });

  /** Gives a member another role (null: none) as whoever `token` is. */
  const setRole = (token: string, workspaceId: string, memberId: string, roleId: string | null) =>
    call<Member>('PUT', `${base}/`, token, { workspaceId, memberId, roleId });

  /** Removes a member from the workspace (or, for one's own membership, leaves) as whoever `token` is. */
  const removeMember = (token: string, workspaceId: string, memberId: string) =>
    call('DELETE', `${base}/`, token, { workspaceId, memberId });

  /** The HTTP status of `person`'s read of the workspace (200 for a member, 403 for anyone else). */
  const workspaceReadStatus = async (person: TestUser, workspaceId: string) =>
    (await call('GET', `/v1/workspaces/workspace-id/${workspaceId}`, person.tokens.accessToken)).status;

  async function directoryStatusOf(
    wsId: string,
    token: string,
    username: string,
  ): Promise<string | undefined> {
    const page = await call<Page<WorkspaceUser>>(
      'GET',
      `/v1/workspaces/users/identity/workspace-id/${wsId}/`,
      token,
    );
    return page.body.data.items.find((u) => u.username === username)?.status.key;
  }

  return {
    call,
    recordEvents,
    setup,
    sendInvitation,
    answerInvitation,
    setRole,
    removeMember,
    workspaceReadStatus,
    directoryStatusOf,
  };
}
