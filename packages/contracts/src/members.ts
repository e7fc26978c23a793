import { z } from 'zod';
import { roleSummarySchema } from './access';
import { pagedSchema, pageQuerySchema } from './paging';
import { nationalCodeSchema, phoneSchema, usernameSchema } from './validators';
import { idSchema, imageRefSchema, namedKeySchema } from './workspace-fields';

// Members and invitations: requests and answers, the `data` of each envelope.

export const memberSchema = z.object({
  id: z.string(),
  level: z.enum(['owner', 'member']),
  role: roleSummarySchema.nullable(),
  user: z.object({
    id: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    username: z.string().nullable(),
  }),
  status: namedKeySchema.describe('active, pending or suspended (mirrors the workspace user status)'),
});
export type Member = z.infer<typeof memberSchema>;

export const membersPageSchema = pagedSchema(memberSchema);

export const updateMemberRequestSchema = z.object({
  workspaceId: idSchema,
  memberId: idSchema,
  roleId: idSchema.nullable().describe('null leaves the member without a role'),
});
export const deleteMemberRequestSchema = z.object({ workspaceId: idSchema, memberId: idSchema });

export const invitationStatuses = ['pending', 'accepted', 'declined', 'withdrawn', 'expired'] as const;
export type InvitationStatus = (typeof invitationStatuses)[number];

export const invitationSchema = z.object({
  id: z.string(),
  workspaceId: z.string(),
  workspaceName: z.string(),
  name: z.string().describe("the workspace's display name"),
  logo: imageRefSchema.nullable(),
  role: roleSummarySchema.nullable(),
  token: z.string(),
  createdDate: z.string(),
  expiresDate: z.string(),
  status: namedKeySchema,
  invitee: z
    .object({
      userId: z.string().nullable(),
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      username: z.string().nullable(),
      phone: z.string().nullable().describe('masked'),
      nationalCode: z.string().nullable().describe('masked'),
      typed: z
        .object({ kind: z.enum(['phone', 'nationalCode', 'username']), value: z.string() })
        .nullable()
        .describe(
          'what the inviter typed, in full: only in answers to the member who sent the invitation (it tells them nothing new); null for anyone else',
        ),
    })
    .describe(
      'who was invited: until the invitation is accepted, only what the inviter typed (phone and national code masked), so the answer never tells whether an account exists; the account once accepted',
    ),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationsPageSchema = pagedSchema(invitationSchema);

/** Exactly one of phone, nationalCode or username names the invitee. */
export const sendInvitationRequestSchema = z
  .object({
    workspaceId: idSchema,
    roleId: idSchema.nullable().optional(),
    phone: phoneSchema.optional(),
    nationalCode: nationalCodeSchema.optional(),
    username: usernameSchema.optional(),
  })
  .refine(
    (value) => [value.phone, value.nationalCode, value.username].filter((v) => v !== undefined).length === 1,
    { message: 'one_invitee', path: ['phone'] },
  );
export type SendInvitationRequest = z.infer<typeof sendInvitationRequestSchema>;

export const withdrawInvitationRequestSchema = z.object({ workspaceId: idSchema, invitationId: idSchema });
export const invitationsQuerySchema = pageQuerySchema.extend({ workspaceId: idSchema.optional() });
export const invitationResponseRequestSchema = z.object({ invitationId: idSchema, accept: z.boolean() });

export const memberParamsSchema = z.object({ id: idSchema, memberId: idSchema });
export const invitationParamsSchema = z.object({ invitationId: idSchema });
