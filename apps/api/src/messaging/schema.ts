import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Text messages written in the transaction of the change they announce and sent after it commits
 * (sms-outbox.ts): a rolled-back change sends nothing, a crash after the commit loses nothing. A row is
 * deleted once the provider accepted it; one the provider kept refusing stays with its failed date.
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: text('id').primaryKey(),
    recipient: text('recipient').notNull(),
    body: text('body').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** When a sender may take the row (again): after a back-off, or once a sender's claim has lapsed. */
    nextAttemptDate: timestamptz('next_attempt_date').notNull(),
    lastError: text('last_error'),
    failedDate: timestamptz('failed_date'),
    createdDate: timestamptz('created_date').notNull().defaultNow(),
  },
  (t) => [
    index('sms_outbox_due_idx').on(t.nextAttemptDate).where(sql`${t.failedDate} is null`),
    check('sms_outbox_attempts_check', sql`${t.attempts} >= 0`),
  ],
);

export type SmsOutboxRow = typeof smsOutbox.$inferSelect;
