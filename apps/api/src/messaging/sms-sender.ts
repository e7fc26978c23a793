/** One text message to an Iranian mobile number. */
export interface SmsMessage {
  /** 09xxxxxxxxx */
  to: string;
  text: string;
  /** The one-time code the text carries, if any (kept by the development outbox). */
  code?: string;
}

/** Sends text messages; rejects with MessageDeliveryError when the provider refuses or cannot be reached. */
export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

/** A provider did not accept a message; the flow answers 503 and the code can be sent again at once. */
export class MessageDeliveryError extends Error {
  override name = 'MessageDeliveryError';
}

const iranianMobile = /^09\d{9}$/;

/**
 * Refuses anything but an Iranian mobile in canonical form: codes are never sent abroad or to premium
 * numbers (SMS pumping), whatever a caller passes.
 */
export function assertIranianMobile(to: string): void {
  if (!iranianMobile.test(to)) throw new MessageDeliveryError('SMS is only sent to Iranian mobile numbers');
}
