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
import { bearer, guarded, nothing } from '../../http/route-options';
import { requireMember } from '../access/guard';
import * as members from './service';

const tags = ['members'];
const base = '/v1/workspaces/members/identity';

/** Members and invitations (api-contract.md section 5). */
export async function memberRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const db = deps.database.db;

  r.get(
    `${base}/workspace-id/:id/`,
    {
      ...guarded,
      ...plainSerializer,
      schema: {
        tags,
        security: bearer,
        summary: 'A page of members, owner first, searched by name or username (tenant_members_read)',
        params: workspaceIdParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: envelopeSchema(membersPageSchema) },
      },
    },
    async (request) => {
      await requireMember(request, request.params.id, 'tenant_members_read');
      return ok(request, await members.listMembers(db, request.params.id, request.query, request.locale));
    },
  );

  r.get(
    `${base}/id/:memberId/workspace-id/:id`,
    {
      ...guarded,
      schema: {
        tags,
        security: bearer,
        summary: 'One member (tenant_members_read)',
        params: memberParamsSchema,
        response: { 200: envelopeSchema(memberSchema) },
      },
    },
    async (request) => {
      await requireMember(request, request.params.id, 'tenant_members_read');
      return ok(
        request,
        await members.getMember(db, request.params.id, request.params.memberId, request.locale),
      );
    },
  );

  r.put(
    `${base}/`,
    {
      ...guarded,
      schema: {
        tags,
        security: bearer,
        summary:
          "Change a member's role (tenant_members_update; never the owner; only roles and members the caller fully holds)",
        body: updateMemberRequestSchema,
        response: { 200: envelopeSchema(memberSchema) },
      },
    },
    async (request) => {
      const member = await requireMember(request, request.body.workspaceId, 'tenant_members_update');
      return ok(
        request,
        await members.changeMemberRole(
          db,
          member,
          { memberId: request.body.memberId, roleId: request.body.roleId },
          request.locale,
          request.log,
        ),
      );
    },
  );

  r.delete(
    `${base}/`,
    {
      ...guarded,
      schema: {
        tags,
        security: bearer,
        summary:
          'Remove a member (tenant_members_delete) or leave (oneself); the owner cannot be removed (403)',
        body: deleteMemberRequestSchema,
        response: { 200: nothing },
      },
    },
    async (request) => {
      const member = await requireMember(request, request.body.workspaceId);
      await members.removeMember(db, member, request.body.memberId, request.log);
      return ok(request, null);
    },
  );

  r.post(
    `${base}/invitations/`,
    {
      ...guarded,
      schema: {
        tags,
        security: bearer,
        summary:
          'Invite by phone, national code or username (tenant_members_invitations_send; 261 when pending or a member)',
        body: sendInvitationRequestSchema,
        response: { 200: envelopeSchema(invitationSchema) },
      },
    },
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
    {
      ...guarded,
      schema: {
        tags,
        security: bearer,
        summary: 'Withdraw a pending invitation (tenant_members_invitations_withdraw)',
        body: withdrawInvitationRequestSchema,
        response: { 200: nothing },
      },
    },
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
      ...guarded,
      ...plainSerializer,
      schema: {
        tags,
        security: bearer,
        summary:
          "The caller's pending invitations (an array); with ?workspaceId= a page of the invitations that workspace sent (tenant_members_read)",
        querystring: invitationsQuerySchema,
        response: { 200: envelopeSchema(z.union([z.array(invitationSchema), invitationsPageSchema])) },
      },
    },
    async (request) => {
      const { workspaceId, ...page } = request.query;
      if (workspaceId === undefined)
        return ok(request, await members.listMyInvitations(db, request.user.id, request.locale));
      await requireMember(request, workspaceId, 'tenant_members_read');
      return ok(request, await members.listSentInvitations(db, workspaceId, page, request.locale));
    },
  );

  r.get(
    `${base}/invitations/id/:invitationId`,
    {
      ...guarded,
      schema: {
        tags,
        security: bearer,
        summary: "One invitation (its invitee, or its workspace's readers); 404 for anyone else",
        params: invitationParamsSchema,
        response: { 200: envelopeSchema(invitationSchema) },
      },
    },
    async (request) =>
      ok(
        request,
        await members.getInvitation(db, request.user.id, request.params.invitationId, request.locale),
      ),
  );

  r.post(
    `${base}/invitations/response/`,
    {
      ...guarded,
      schema: {
        tags,
        security: bearer,
        summary: 'Accept or decline an invitation (only its invitee)',
        body: invitationResponseRequestSchema,
        response: { 200: nothing },
      },
    },
    async (request) => {
      await members.respondToInvitation(db, request.user.id, request.body, request.log);
      return ok(request, null);
    },
  );
}
