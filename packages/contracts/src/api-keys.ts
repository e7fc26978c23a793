import { z } from 'zod';
import { permissionKeys } from './access';
import { pagedSchema } from './paging';
import { idSchema } from './workspace-fields';

// Workspace API keys: machine access to one workspace's /v1/workspaces/… routes with a fixed set of
// permissions (docs/api.md, "API keys"; the format and its checks: docs/security.md).

export const apiKeyPaths = {
  keys: '/v1/workspaces/integrations/api-keys/',
  keysOf: (id: string) => `/v1/workspaces/integrations/api-keys/workspace-id/${id}/`,
} as const;

/** `wsk_` + 32 base62 characters of randomness + 6 base62 characters of the CRC32 of those 32. */
export const apiKeyPrefix = 'wsk_';
export const apiKeyPattern = /^wsk_[0-9A-Za-z]{38}$/;
const base62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

const crcTable = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (IEEE, as zlib) of an ASCII string. */
export function crc32(text: string): number {
  let crc = 0xffffffff;
  for (let i = 0; i < text.length; i++) crc = crcTable[(crc ^ text.charCodeAt(i)) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** A number in 6 base62 digits, zero-padded (62^6 > 2^32). */
function base62Of(value: number): string {
  let out = '';
  let rest = value;
  for (let i = 0; i < 6; i++) {
    out = base62[rest % 62]! + out;
    rest = Math.floor(rest / 62);
  }
  return out;
}

/** The key for 32 base62 characters of randomness: prefix, body, checksum. */
export function apiKeyOf(body: string): string {
  return `${apiKeyPrefix}${body}${base62Of(crc32(body))}`;
}

/** Whether a string is shaped like a key and its checksum holds (checked offline, before any lookup). */
export function isWellFormedApiKey(key: string): boolean {
  if (!apiKeyPattern.test(key)) return false;
  const body = key.slice(4, 36);
  return key.slice(36) === base62Of(crc32(body));
}

const permissionKeySchema = z.enum(permissionKeys);

export const createApiKeyRequestSchema = z.object({
  workspaceId: idSchema,
  name: z.string().trim().min(1).max(100),
  permissions: z.array(permissionKeySchema).min(1).max(permissionKeys.length),
  expiresDate: z.iso
    .datetime({ offset: true })
    .refine((value) => Date.parse(value) > Date.now(), { message: 'expiry_in_past' })
    .nullable()
    .optional()
    .describe('ISO-8601, in the future; null or absent: the key never expires'),
});
export type CreateApiKeyRequest = z.infer<typeof createApiKeyRequestSchema>;

export const revokeApiKeyRequestSchema = z.object({ workspaceId: idSchema, id: idSchema });
export type RevokeApiKeyRequest = z.infer<typeof revokeApiKeyRequestSchema>;

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  permissions: z.array(permissionKeySchema),
  prefix: z.string().describe('the first characters of the key, to recognise it: `wsk_` and 8 more'),
  createdDate: z.string(),
  expiresDate: z.string().nullable(),
  lastUsedDate: z.string().nullable().describe('to the minute: updated at most once a minute'),
  createdBy: z
    .object({ id: z.string(), firstName: z.string().nullable(), lastName: z.string().nullable() })
    .nullable()
    .describe('null once that account is deleted'),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const createdApiKeySchema = apiKeySchema.extend({
  key: z.string().describe('the key itself: shown in this answer only'),
});
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeyPageSchema = pagedSchema(apiKeySchema);
export type ApiKeyPage = z.infer<typeof apiKeyPageSchema>;
