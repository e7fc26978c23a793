import { z } from 'zod';

/** One message of the development outbox (`GET /dev/outbox?to=`). */
export const outboxMessageSchema = z.object({
  channel: z.enum(['sms', 'email']),
  to: z.string(),
  text: z.string(),
  code: z.string().nullable(),
  createdDate: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const outboxQuerySchema = z.object({ to: z.string().max(254).optional() });
