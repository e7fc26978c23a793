import { z } from 'zod';

// Fields the workspace calls share.

/** A catalogue entry (statuses, levels): `{ id, name, key }`, `name` in the request's language. */
export const namedKeySchema = z.object({ id: z.string(), name: z.string(), key: z.string() });
export type NamedKey = z.infer<typeof namedKeySchema>;

/** Workspace ids, role ids, ... are opaque strings; their length bounds what the server reads. */
export const idSchema = z.string().min(1).max(64);

export const workspaceIdParamsSchema = z.object({ id: idSchema });

export const titleSchema = z.string().min(1).max(100);
export const descriptionSchema = z.string().max(1000);

/** Optional form fields arrive as '' or null when left empty; null clears a stored value. */
export function clearable<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === '' ? null : value), schema.nullable().optional());
}

export const imageRefSchema = z.object({ id: z.string(), url: z.string() });
