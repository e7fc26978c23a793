import { type WebhookWithSecret, webhookPaths } from '@wsm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callIn, ownerWithWorkspace } from '../../../test/fixtures';
import { appForFile, testConfig } from '../../../test/test-app';
import { type Receiver, startReceiver } from '../../../test/webhook-receiver';
import { type AddressPolicy, type Resolver, refusedAddress } from './address-guard';
import { send } from './sender';

// Production settings: a webhook may reach only public addresses, checked when saved and again when
// connecting (a DNS name that answers differently later is caught then).

/** A DNS of the test's own: names and the addresses they resolve to. */
const names: Record<string, string[]> = {
  'public.example': ['93.184.216.34'],
  'internal.example': ['10.1.2.3'],
  'mixed.example': ['93.184.216.34', '127.0.0.1'],
  'metadata.example': ['169.254.169.254'],
};
const resolve: Resolver = async (host) => {
  const found = names[host];
  if (!found) throw Object.assign(new Error(`${host} not found`), { code: 'ENOTFOUND' });
  return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

const api = appForFile(() => ({
  config: testConfig({ NODE_ENV: 'production', ALLOW_LOG_PROVIDERS: 'true' }),
  webhookRuntime: { resolve },
}));
const call = callIn(api, 'en');

describe('addresses a webhook may not reach', () => {
  it.each([
    '127.0.0.1',
    '127.1.2.3',
    '::1',
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1',
    '100.64.0.1',
    '169.254.169.254',
    'fd00:ec2::254',
    'fe80::1',
    '0.0.0.0',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::10.0.0.1',
    '224.0.0.1',
  ])('refuses %s', (address) => {
    expect(refusedAddress(address, false)).not.toBeNull();
  });

  it('allows public addresses, and loopback only when allowed', () => {
    expect(refusedAddress('93.184.216.34', false)).toBeNull();
    expect(refusedAddress('2606:2800:220:1::1', false)).toBeNull();
    expect(refusedAddress('127.0.0.1', true)).toBeNull();
    expect(refusedAddress('::ffff:127.0.0.1', true)).toBeNull();
    // Loopback allowed never opens the metadata service or the private network.
    expect(refusedAddress('169.254.169.254', true)).not.toBeNull();
    expect(refusedAddress('10.0.0.1', true)).not.toBeNull();
  });
});

describe('saving an endpoint in production', () => {
  it.each([
    ['http://public.example/hook', 'url_scheme'],
    ['https://127.0.0.1/hook', 'url_address'],
    ['https://[::1]/hook', 'url_address'],
    ['https://10.0.0.8/hook', 'url_address'],
    ['https://169.254.169.254/latest/meta-data/', 'url_address'],
    ['https://[fd00:ec2::254]/', 'url_address'],
    ['https://[::ffff:127.0.0.1]/hook', 'url_address'],
    ['https://internal.example/hook', 'url_address'],
    ['https://mixed.example/hook', 'url_address'],
    ['https://metadata.example/hook', 'url_address'],
    ['https://nowhere.example/hook', 'url_unresolvable'],
  ])('refuses %s with a reason on the url field', async (url, reason) => {
    const { ws, token } = await ownerWithWorkspace(api);
    const answer = await call('POST', webhookPaths.endpoints, token, {
      workspaceId: ws.id,
      url,
      events: ['*'],
    });
    expect(answer.body).toMatchObject({ statusCode: 400, data: { reason, errors: [{ path: 'url' }] } });
  });

  it('accepts an https URL whose host resolves to public addresses', async () => {
    const { ws, token } = await ownerWithWorkspace(api);
    const answer = await call<WebhookWithSecret>('POST', webhookPaths.endpoints, token, {
      workspaceId: ws.id,
      url: 'https://public.example/hook',
      events: ['*'],
    });
    expect(answer.body.data.url).toBe('https://public.example/hook');
    const moved = await call('PUT', webhookPaths.endpoints, token, {
      workspaceId: ws.id,
      id: answer.body.data.id,
      url: 'https://internal.example/hook',
    });
    expect(moved.body).toMatchObject({ statusCode: 400, data: { reason: 'url_address' } });
  });
});

describe('connecting', () => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver.close());

  const production: AddressPolicy = { allowLoopback: false, allowHttp: true };
  const request = (url: string) => ({
    url,
    id: 'msg_1',
    body: '{}',
    secrets: ['whsec_AAAA'],
    now: new Date(),
  });

  it('refuses a name that resolves to loopback at connect time (DNS rebinding), and calls nothing', async () => {
    const port = new URL(receiver.url).port;
    // Public when the URL was saved; loopback now.
    const rebinding: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];
    const result = await send(request(`http://rebind.example:${port}/hook`), production, rebinding);
    expect(result).toMatchObject({ ok: false, statusCode: null });
    expect(result.error).toMatch(/refused/);
    const literal = await send(request(receiver.url), production, resolve);
    expect(literal.error).toMatch(/refused/);
    expect(receiver.calls).toHaveLength(0);
  });

  it('calls loopback when allowed, and follows no redirect', async () => {
    const redirecting = await startReceiver(() => 302);
    try {
      const result = await send(request(redirecting.url), { ...production, allowLoopback: true }, resolve);
      expect(result).toMatchObject({ ok: false, statusCode: 302 });
      expect(redirecting.calls).toHaveLength(1);
    } finally {
      await redirecting.close();
    }
  });
});
