/** One e-mail. */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  /** The one-time code the message carries, if any (kept by the development outbox). */
  code?: string;
}

/** Sends e-mails; rejects with MessageDeliveryError when the server refuses or cannot be reached. */
export interface EmailSender {
  send(message: EmailMessage): Promise<void>;
}
