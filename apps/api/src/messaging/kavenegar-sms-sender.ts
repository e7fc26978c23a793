import { assertIranianMobile, MessageDeliveryError, type SmsSender } from './sms-sender';

export interface KavenegarOptions {
  apiKey: string;
  /** The sending line; Kavenegar's default line when absent. */
  sender?: string | undefined;
  /** https://api.kavenegar.com */
  baseUrl: string;
  timeoutMs?: number;
}

interface KavenegarAnswer {
  return?: { status?: number; message?: string };
}

/**
 * SMS through Kavenegar's HTTP API (https://kavenegar.com/rest.html): POST {base}/v1/{API-KEY}/sms/send.json,
 * form-encoded receptor, sender, message. Success is `return.status` 200; anything else is a failure.
 */
export function createKavenegarSmsSender(options: KavenegarOptions): SmsSender {
  const endpoint = `${options.baseUrl.replace(/\/+$/, '')}/v1/${encodeURIComponent(options.apiKey)}/sms/send.json`;
  return {
    async send({ to, text }) {
      assertIranianMobile(to);
      const form = new URLSearchParams({ receptor: to, message: text });
      if (options.sender) form.set('sender', options.sender);
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
            accept: 'application/json',
          },
          body: form,
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
      } catch (error) {
        // The URL carries the API key: never put it in the message.
        throw new MessageDeliveryError(`Kavenegar unreachable: ${(error as Error).name}`, { cause: error });
      }
      let answer: KavenegarAnswer | undefined;
      try {
        answer = (await response.json()) as KavenegarAnswer;
      } catch {
        answer = undefined;
      }
      const status = answer?.return?.status;
      if (status !== 200) {
        const reason = answer?.return?.message ?? `HTTP ${response.status}`;
        throw new MessageDeliveryError(
          `Kavenegar refused the message: ${status ?? response.status} ${reason}`,
        );
      }
    },
  };
}
