import { z } from 'zod';
import {
  clearable,
  descriptionSchema,
  idSchema,
  imageRefSchema,
  namedKeySchema,
  titleSchema,
} from './workspace-fields';

// Requests and answers of the workspace calls; the `data` of each envelope.

export { tenantSettingsKey, workspacePaths } from './workspace-paths';

export const workspaceNamePattern = /^[a-z0-9-]{3,40}$/;
/** The unique slug of a workspace: 3–40 of [a-z0-9-]; compared in lower case. */
export const workspaceNameSchema = z
  .string()
  .transform((value) => value.toLowerCase())
  .refine((value) => workspaceNamePattern.test(value), { message: 'invalid_workspace_name' });

export const workspaceSchema = z.object({
  id: z.string(),
  workspaceName: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  logo: imageRefSchema.nullable(),
  status: namedKeySchema,
  createdDate: z.string(),
  level: z.enum(['owner', 'member']).describe("the caller's level in this workspace"),
  role: namedKeySchema.nullable().describe("the caller's role, null for the owner or a member without one"),
});
export type Workspace = z.infer<typeof workspaceSchema>;

export const createWorkspaceRequestSchema = z.object({
  workspaceName: workspaceNameSchema,
  name: titleSchema,
  description: clearable(descriptionSchema),
});
export type CreateWorkspaceRequest = z.infer<typeof createWorkspaceRequestSchema>;

export const socialNetworksSchema = z.object({
  instagram: z.string().nullable(),
  telegram: z.string().nullable(),
  x: z.string().nullable(),
  rubika: z.string().nullable(),
});
export type SocialNetworks = z.infer<typeof socialNetworksSchema>;

const socialHandleSchema = clearable(z.string().max(200));
export const socialNetworksInputSchema = z.object({
  instagram: socialHandleSchema,
  telegram: socialHandleSchema,
  x: socialHandleSchema,
  rubika: socialHandleSchema,
});

export const workspaceProfileSchema = z.object({
  id: z.string(),
  workspaceId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  fax: z.string().nullable(),
  logo: imageRefSchema.nullable(),
  socialNetworks: socialNetworksSchema,
});
export type WorkspaceProfile = z.infer<typeof workspaceProfileSchema>;

/** Landline, mobile or fax numbers: digits with an optional leading +, spaces and dashes. */
const landlineSchema = z.string().regex(/^\+?[0-9][0-9 -]{3,19}$/, { message: 'invalid_phone_number' });

export const updateWorkspaceProfileRequestSchema = z.object({
  workspaceId: idSchema,
  name: titleSchema.optional(),
  description: clearable(descriptionSchema),
  email: clearable(z.email().max(254)),
  phone: clearable(landlineSchema),
  website: clearable(z.url({ protocol: /^https?$/ }).max(300)),
  fax: clearable(landlineSchema),
  socialNetworks: socialNetworksInputSchema.partial().optional(),
  logoId: clearable(idSchema).describe(
    'an imageId from POST /v1/assets/workspace-profile-image/; null removes the logo',
  ),
});
export type UpdateWorkspaceProfileRequest = z.infer<typeof updateWorkspaceProfileRequestSchema>;

export const workspaceImageResponseSchema = z.object({ imageId: z.string(), url: z.string() });
