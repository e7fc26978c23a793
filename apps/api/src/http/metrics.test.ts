import { identityPaths, workspacePaths } from '@wsm/contracts';
import { uuidv7 } from 'uuidv7';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newClient, quickUser, randomNationalCode, randomPhone } from '../../test/fixtures';
import { startTestApp, type TestApp, testConfig } from '../../test/test-app';
import { ConfigError, loadConfig } from '../config';
import { AppError } from './app-error';
import { limitFailures, limitRoute } from './rate-limit';

const metricsToken = 'a-metrics-token-of-at-least-32-characters';

/** The value of one series in Prometheus text, or undefined when it is not there. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const labelText = line.slice(name.length + 1, line.lastIndexOf('}'));
    if (wanted.every((pair) => labelText.split(',').includes(pair))) return Number(line.split(' ').pop());
  }
  return undefined;
}

async function scrape(api: TestApp, headers: Record<string, string> = {}) {
  const response = await fetch(`${api.url}/metrics`, { headers });
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
}

describe('GET /metrics', () => {
  it('is off unless METRICS=true: an ordinary 404', async () => {
    const api = await startTestApp();
    try {
      const answer = await scrape(api);
      expect(answer.status).toBe(404);
      expect(answer.text).not.toContain('http_requests_total');
    } finally {
      await api.close();
    }
  });

  describe('on, outside production', () => {
    let api: TestApp;
    beforeAll(async () => {
      api = await startTestApp({
        config: testConfig({ METRICS: 'true', TRUST_PROXY: 'true' }),
        extend(app) {
          const rule = { name: 'test-once', max: 1, windowSeconds: 60 };
          app.get('/v1/test/limited', { preHandler: limitRoute(app.deps.limiter, rule) }, async () => ({
            statusCode: 200,
          }));
          const failures = { name: 'test-failures', max: 1, windowSeconds: 60 };
          app.get('/v1/test/guess', async (request) =>
            limitFailures(app.deps.limiter, [{ rule: failures, subject: request.ip }], async () => {
              throw new AppError(401);
            }),
          );
        },
      });
    });
    afterAll(() => api.close());

    it('serves Prometheus text with the process metrics, no token needed', async () => {
      const answer = await scrape(api);
      expect(answer.status).toBe(200);
      expect(answer.type).toContain('text/plain');
      expect(answer.text).toContain('# TYPE process_cpu_user_seconds_total counter');
      expect(answer.text).toContain('nodejs_eventloop_lag_seconds');
      // Not the envelope.
      expect(answer.text).not.toContain('statusCode');
      // The pool's figures on PostgreSQL; PGlite has no pool, and no such series.
      const pooled = api.deps.database.kind === 'postgres';
      expect(answer.text.includes('db_pool_connections_in_use ')).toBe(pooled);
      expect(answer.text.includes('db_pool_waiting_requests ')).toBe(pooled);
    });

    it('counts a request under its route pattern and status class, never its raw URL', async () => {
      const user = await quickUser(api);
      const id = uuidv7();
      const answer = await api.call('GET', workspacePaths.workspace(id), { token: user.tokens.accessToken });
      expect(answer.status).toBe(403);
      const { text } = await scrape(api);
      const labels = { method: 'GET', route: '/v1/workspaces/workspace-id/:id', status_class: '4xx' };
      expect(sample(text, 'http_request_duration_seconds_count', labels)).toBe(1);
      expect(sample(text, 'http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(1);
      expect(sample(text, 'http_requests_total', labels)).toBe(1);
      expect(text).not.toContain(id);
    });

    it('counts rate-limit refusals by limit name', async () => {
      const client = newClient(api);
      expect((await client.call('GET', '/v1/test/limited')).body.statusCode).toBe(200);
      expect((await client.call('GET', '/v1/test/limited')).body.statusCode).toBe(260);
      expect((await client.call('GET', '/v1/test/limited')).body.statusCode).toBe(260);
      expect((await client.call('GET', '/v1/test/guess')).body.statusCode).toBe(401);
      expect((await client.call('GET', '/v1/test/guess')).body.statusCode).toBe(260);
      const { text } = await scrape(api);
      expect(sample(text, 'rate_limit_refusals_total', { limit: 'test-once' })).toBe(2);
      expect(sample(text, 'rate_limit_refusals_total', { limit: 'test-failures' })).toBe(1);
    });

    it('counts codes handed to the provider by channel, provider and outcome', async () => {
      const before = sample((await scrape(api)).text, 'codes_sent_total', {
        channel: 'sms',
        provider: 'log',
        outcome: 'sent',
      });
      const start = await newClient(api).call('POST', identityPaths.signupPhone, {
        body: { phone: randomPhone(), nationalCode: randomNationalCode() },
      });
      expect(start.body.statusCode).toBe(200);
      const after = sample((await scrape(api)).text, 'codes_sent_total', {
        channel: 'sms',
        provider: 'log',
        outcome: 'sent',
      });
      expect(after).toBe((before ?? 0) + 1);
    });
  });

  describe('on, in production', () => {
    let api: TestApp;
    beforeAll(async () => {
      api = await startTestApp({
        config: testConfig({
          NODE_ENV: 'production',
          ALLOW_LOG_PROVIDERS: 'true',
          METRICS: 'true',
          METRICS_TOKEN: metricsToken,
        }),
      });
    });
    afterAll(() => api.close());

    it('answers 401 without the bearer token or with a wrong one', async () => {
      expect((await scrape(api)).status).toBe(401);
      expect((await scrape(api, { authorization: `Bearer ${metricsToken}x` })).status).toBe(401);
      expect((await scrape(api, { authorization: metricsToken })).status).toBe(401);
      expect((await scrape(api, { authorization: `Bearer ${metricsToken}` })).text).not.toContain(
        'unauthorized',
      );
    });

    it('serves the metrics to the bearer of METRICS_TOKEN', async () => {
      const answer = await scrape(api, { authorization: `Bearer ${metricsToken}` });
      expect(answer.status).toBe(200);
      expect(answer.text).toContain('http_request_duration_seconds_bucket');
    });
  });

  it('refuses to start in production with METRICS=true and no METRICS_TOKEN', () => {
    const env = {
      NODE_ENV: 'production',
      JWT_SECRET: 'a-production-secret-of-at-least-32-characters',
      TOTP_ENCRYPTION_KEY: '0f'.repeat(32),
      ALLOW_LOG_PROVIDERS: 'true',
      DATA_DIR: '/tmp/wsm-metrics-config',
      METRICS: 'true',
    };
    expect(() => loadConfig(env)).toThrow(
      new ConfigError('METRICS_TOKEN is required when METRICS=true in production'),
    );
    expect(loadConfig({ ...env, METRICS_TOKEN: metricsToken }).metrics).toBe(true);
  });
});
