import nodemailer from 'nodemailer';
import type { EmailSender } from './email-sender';
import { MessageDeliveryError } from './sms-sender';

export interface SmtpOptions {
  /** smtp://user:pass@host:587 or smtps://…:465 */
  url: string;
  from: string;
}

/** E-mail through an SMTP server (nodemailer; STARTTLS when the server offers it). */
export function createSmtpEmailSender(options: SmtpOptions): EmailSender & { close(): void } {
  const transport = nodemailer.createTransport(
    { url: options.url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 },
    { from: options.from },
  );
  return {
    async send({ to, subject, text }) {
      try {
        await transport.sendMail({ to, subject, text });
      } catch (error) {
        throw new MessageDeliveryError(`SMTP delivery failed: ${(error as Error).message}`, { cause: error });
      }
    },
    close: () => transport.close(),
  };
}
