import type { Config } from '../config';
import type { EmailSender } from './email-sender';
import { createKavenegarSmsSender } from './kavenegar-sms-sender';
import {
  createLogEmailSender,
  createLogSmsSender,
  createOutbox,
  type LinePrinter,
  type Outbox,
} from './log-provider';
import type { SmsSender } from './sms-sender';
import { createSmtpEmailSender } from './smtp-email-sender';

/** The senders every module uses, and the development outbox when a log provider is active. */
export interface Messaging {
  sms: SmsSender;
  email: EmailSender;
  /** Present when SMS_PROVIDER or EMAIL_PROVIDER is `log`; served at /dev/outbox outside production. */
  outbox: Outbox | undefined;
}

/**
 * Builds the configured providers. `print` receives the one-line notice of each logged message (the
 * test app passes null: nothing printed).
 */
export function createMessaging(config: Config, print: LinePrinter = (line) => console.log(line)): Messaging {
  const needsOutbox = config.smsProvider === 'log' || config.emailProvider === 'log';
  const outbox = needsOutbox ? createOutbox() : undefined;
  const sms =
    config.smsProvider === 'kavenegar'
      ? createKavenegarSmsSender({
          apiKey: config.kavenegar.apiKey!,
          sender: config.kavenegar.sender,
          baseUrl: config.kavenegar.baseUrl,
        })
      : createLogSmsSender(outbox!, print);
  const email =
    config.emailProvider === 'smtp'
      ? createSmtpEmailSender({ url: config.smtpUrl!, from: config.smtpFrom })
      : createLogEmailSender(outbox!, print);
  return { sms, email, outbox };
}
