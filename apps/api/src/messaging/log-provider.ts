import type { OutboxMessage } from '@wsm/contracts';
import type { EmailSender } from './email-sender';
import { assertIranianMobile, type SmsSender } from './sms-sender';

/** Messages the log providers "sent", newest first: the development outbox. */
export interface Outbox {
  add(message: Omit<OutboxMessage, 'createdDate'>): void;
  /** Messages to one phone or address (all when `to` is absent), newest first. */
  list(to?: string): OutboxMessage[];
  size(): number;
}

/** A bounded in-memory outbox: the oldest messages fall off after `capacity`. */
export function createOutbox(capacity = 1000): Outbox {
  const messages: OutboxMessage[] = [];
  return {
    add(message) {
      messages.unshift({ ...message, createdDate: new Date().toISOString() });
      if (messages.length > capacity) messages.length = capacity;
    },
    list(to) {
      if (to === undefined) return [...messages];
      const wanted = to.toLowerCase();
      return messages.filter((m) => m.to.toLowerCase() === wanted);
    },
    size: () => messages.length,
  };
}

/** Where a log provider prints its one-line notice; null prints nothing (tests). */
export type LinePrinter = ((line: string) => void) | null;

/** SMS "sender" for local mode: keeps the message in the outbox and prints its code in one line. */
export function createLogSmsSender(outbox: Outbox, print: LinePrinter): SmsSender {
  return {
    async send({ to, text, code }) {
      assertIranianMobile(to);
      outbox.add({ channel: 'sms', to, text, code: code ?? null });
      print?.(code ? `[sms] ${to} code ${code}` : `[sms] ${to} ${text.replace(/\s+/g, ' ')}`);
    },
  };
}

/** E-mail "sender" for local mode: keeps the message in the outbox and prints its code in one line. */
export function createLogEmailSender(outbox: Outbox, print: LinePrinter): EmailSender {
  return {
    async send({ to, subject, text, code }) {
      outbox.add({ channel: 'email', to, text: `${subject}\n\n${text}`, code: code ?? null });
      print?.(code ? `[email] ${to} code ${code}` : `[email] ${to} ${subject}`);
    },
  };
}
