import { z } from 'zod';
import { clearable, descriptionSchema, idSchema, titleSchema } from './workspace-fields';
import { socialNetworksInputSchema, socialNetworksSchema } from './workspaces';

// The workspace's applications: requests and answers, the `data` of each envelope.

const versionSchema = z.string().max(40).nullable();
export const applicationVersionSchema = z.object({
  pwa: versionSchema,
  ios: versionSchema,
  android: versionSchema,
  windows: versionSchema,
  macos: versionSchema,
});

export const applicationSchema = z.object({
  id: z.string(),
  key: z.string(),
  name: z.string(),
  title: z.string().nullable(),
  slogan: z.string().nullable(),
  description: z.string().nullable(),
  keywords: z.array(z.string()),
  version: applicationVersionSchema,
  socialNetworks: socialNetworksSchema,
  createdDate: z.string(),
});
export type Application = z.infer<typeof applicationSchema>;

export const applicationKeyPattern = /^[a-z][a-z0-9-]{1,39}$/;
export const applicationKeySchema = z
  .string()
  .transform((value) => value.toLowerCase())
  .refine((value) => applicationKeyPattern.test(value), { message: 'invalid_application_key' });

const applicationFields = {
  name: titleSchema,
  title: clearable(z.string().max(100)),
  slogan: clearable(z.string().max(200)),
  description: clearable(descriptionSchema),
  keywords: z.array(z.string().min(1).max(50)).max(30).optional(),
  version: z
    .object({
      pwa: clearable(z.string().max(40)),
      ios: clearable(z.string().max(40)),
      android: clearable(z.string().max(40)),
      windows: clearable(z.string().max(40)),
      macos: clearable(z.string().max(40)),
    })
    .optional(),
  socialNetworks: socialNetworksInputSchema.partial().optional(),
};

export const createApplicationRequestSchema = z.object({
  workspaceId: idSchema,
  key: applicationKeySchema,
  ...applicationFields,
});
export type CreateApplicationRequest = z.infer<typeof createApplicationRequestSchema>;

export const updateApplicationRequestSchema = z.object({
  workspaceId: idSchema,
  applicationId: idSchema,
  key: applicationKeySchema.optional(),
  ...applicationFields,
  name: titleSchema.optional(),
});
export type UpdateApplicationRequest = z.infer<typeof updateApplicationRequestSchema>;

export const deleteApplicationRequestSchema = z.object({ workspaceId: idSchema, applicationId: idSchema });

export const applicationParamsSchema = z.object({ id: idSchema, appId: idSchema });
export const applicationKeyParamsSchema = z.object({ id: idSchema, key: z.string().min(1).max(40) });
