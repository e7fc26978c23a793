import { z } from 'zod';

/** `?page=1&pageSize=20&search=` of every list that can grow. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  search: z.string().max(100).optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** The `data` of a paged list: `{ items, total, page, pageSize }`, and `totalCapped` past the counting cap. */
export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    totalCapped: z
      .literal(true)
      .optional()
      .describe(
        'present when a search or filter matched more rows than are counted (100 for a search of members, directory or invitations, 1,000 for the audit log): `total` is then the cap + 1 and means "more than the cap"',
      ),
  });
}
