import { hkdfSync, randomBytes } from 'node:crypto';
import type { Config } from '../../config';
import { openSecret, sealSecret } from '../../lib/secret-box';
import { type AddressPolicy, type Resolver, systemResolver } from './address-guard';
import type { WebhookRow } from './schema';

/** What tests replace: the clock of the delivery workers and the DNS resolver of the address checks. */
export interface WebhookRuntime {
  now: () => Date;
  resolve: Resolver;
}

export function runtimeOf(deps: { webhookRuntime?: Partial<WebhookRuntime> | undefined }): WebhookRuntime {
  return { now: () => new Date(), resolve: systemResolver, ...deps.webhookRuntime };
}

export function policyOf(deps: { config: Config }): AddressPolicy {
  return { allowLoopback: deps.config.webhooks.allowPrivate, allowHttp: !deps.config.isProduction };
}

/** `whsec_` and the base64 of 24 random bytes (docs/webhooks.md). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

/** How long the secret before a rotation keeps signing beside the new one. */
export const previousSecretHours = 24;

// A key of its own, derived from the at-rest key, so a sealed webhook secret never opens as another
// kind of secret.
const keys = new WeakMap<Buffer, Buffer>();
function sealingKey(deps: { config: Config }): Buffer {
  const base = deps.config.totpEncryptionKey;
  let key = keys.get(base);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', base, 'workspace-manager', 'webhook-secrets', 32));
    keys.set(base, key);
  }
  return key;
}

export function sealWebhookSecret(deps: { config: Config }, secret: string, webhookId: string): string {
  return sealSecret(sealingKey(deps), secret, webhookId);
}

/** The secrets that sign now: the current one, and the previous one during its 24 hours. */
export function signingSecrets(deps: { config: Config }, row: WebhookRow, now: Date): string[] {
  const key = sealingKey(deps);
  const secrets = [openSecret(key, row.secretSealed, row.id)];
  if (row.previousSecretSealed && row.previousSecretUntil && row.previousSecretUntil > now)
    secrets.push(openSecret(key, row.previousSecretSealed, row.id));
  return secrets;
}
