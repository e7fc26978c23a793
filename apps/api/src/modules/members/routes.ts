import {
  deleteMemberRequestSchema,
  invitationParamsSchema,
  invitationResponseRequestSchema,
  invitationSchema,
  invitationsPageSchema,
  invitationsQuerySchema,
  memberParamsSchema,
  memberSchema,
  membersPageSchema,
  pageQuerySchema,
  sendInvitationRequestSchema,
  updateMemberRequestSchema,
  withdrawInvitationRequestSchema,
  workspaceIdParamsSchema,
} from '@wsm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, ok, plainSerializer } from '../../http/envelope';
import { memberChange, memberRead, requireMember } from '../access/guard';
import { nothing, signedInRoutes } from '../identity/route-options';
import * as members from './service';

const signedIn = signedInRoutes(['members']);
const base = '/v1/workspaces/members/identity';

/** Members and invitations. */
export async function memberRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const db = deps.database.db;

  r.get(
    `${base}/workspace-id/:id/`,
    {
      ...signedIn({
        summary: 'A page of members, owner first, searched by name or username (tenant_members_read)',
        params: workspaceIdParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: envelopeSchema(membersPageSchema) },
      }),
      ...plainSerializer,
    },
    memberRead('tenant_members_read', (_access, request) =>
      members.listMembers(db, request.params.id, request.query, request.locale),
    ),
  );

  r.get(
    `${base}/id/:memberId/workspace-id/:id`,
    signedIn({
      summary: 'One member (tenant_members_read)',
      params: memberParamsSchema,
      response: { 200: envelopeSchema(memberSchema) },
    }),
    memberRead('tenant_members_read', (_access, request) =>
      members.getMember(db, request.params.id, request.params.memberId, request.locale),
    ),
  );

  r.put(
    `${base}/`,
    signedIn({
      summary:
        "Change a member's role (tenant_members_update; never the owner; only roles and members the caller fully holds)",
      body: updateMemberRequestSchema,
      response: { 200: envelopeSchema(memberSchema) },
    }),
    memberChange('tenant_members_update', (member, { body, locale, log }) =>
      members.changeMemberRole(db, member, { memberId: body.memberId, roleId: body.roleId }, locale, log),
    ),
  );

  r.delete(
    `${base}/`,
    signedIn({
      summary:
        'Remove a member (tenant_members_delete) or leave (oneself); the owner cannot be removed (403)',
      body: deleteMemberRequestSchema,
      response: { 200: nothing },
    }),
    async (request) => {
      const member = await requireMember(request, request.body.workspaceId);
      await members.removeMember(db, member, request.body.memberId, request.log);
      return ok(request, null);
    },
  );

  r.post(
    `${base}/invitations/`,
    signedIn({
      summary:
        'Invite by phone, national code or username (tenant_members_invitations_send); the answer is the same for a member, an account and an unknown person; 261 only when an invitation to the same typed value is pending',
      body: sendInvitationRequestSchema,
      response: { 200: envelopeSchema(invitationSchema) },
    }),
    async (request) => {
      const member = await requireMember(
        request,
        request.body.workspaceId,
        'tenant_members_invitations_send',
      );
      return ok(
        request,
        await members.sendInvitation(deps, member, request.body, {
          locale: request.locale,
          log: request.log,
        }),
      );
    },
  );

  r.delete(
    `${base}/invitations/`,
    signedIn({
      summary: 'Withdraw a pending invitation (tenant_members_invitations_withdraw)',
      body: withdrawInvitationRequestSchema,
      response: { 200: nothing },
    }),
    async (request) => {
      const member = await requireMember(
        request,
        request.body.workspaceId,
        'tenant_members_invitations_withdraw',
      );
      await members.withdrawInvitation(db, member, request.body.invitationId, request.log);
      return ok(request, null);
    },
  );

  r.get(
    `${base}/invitations/`,
    {
      ...signedIn({
        summary:
          "The caller's pending invitations (an array); with ?workspaceId= a page of the invitations that workspace sent (tenant_members_read)",
        querystring: invitationsQuerySchema,
        response: { 200: envelopeSchema(z.union([z.array(invitationSchema), invitationsPageSchema])) },
      }),
      ...plainSerializer,
    },
    async (request) => {
      const { workspaceId, ...page } = request.query;
      if (workspaceId === undefined)
        return ok(request, await members.listMyInvitations(db, request.user.id, request.locale));
      await requireMember(request, workspaceId, 'tenant_members_read');
      return ok(
        request,
        await members.listSentInvitations(db, workspaceId, page, request.locale, request.user.id),
      );
    },
  );

  r.get(
    `${base}/invitations/id/:invitationId`,
    signedIn({
      summary: "One invitation (its invitee, or its workspace's readers); 404 for anyone else",
      params: invitationParamsSchema,
      response: { 200: envelopeSchema(invitationSchema) },
    }),
    async (request) =>
      ok(
        request,
        await members.getInvitation(db, request.user.id, request.params.invitationId, request.locale),
      ),
  );

  r.post(
    `${base}/invitations/response/`,
    signedIn({
      summary: 'Accept or decline an invitation (only its invitee)',
      body: invitationResponseRequestSchema,
      response: { 200: nothing },
    }),
    async (request) => {
      await members.respondToInvitation(db, request.user.id, request.body, request.log);
      return ok(request, null);
    },
  );
}
