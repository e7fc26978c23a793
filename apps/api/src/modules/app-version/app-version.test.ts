import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AppVersion, appVersionPaths } from '@wsm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testConfig } from '../../../test/test-app';

describe('GET /v1/app/version/', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'wsm-app-version-'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('answers without login with the version the web build wrote beside index.html', async () => {
    const dist = join(root, 'built', 'dist');
    await mkdir(dist, { recursive: true });
    const built = { version: '1.4.0+5f2c9a10b3d4e6f7', builtAt: '2026-11-20T08:30:00.000Z' };
    await writeFile(join(dist, 'version.json'), JSON.stringify(built));
    const api = await startTestApp({ config: testConfig({ WEB_DIST_DIR: dist }) });
    try {
      const answer = await api.call<AppVersion>('GET', appVersionPaths.version);
      expect(answer.status).toBe(200);
      expect(answer.body.statusCode).toBe(200);
      expect(answer.body.data).toEqual(built);
      // The file is read once at start-up: a later build needs a restart, as serving it does.
      await writeFile(join(dist, 'version.json'), JSON.stringify({ ...built, version: '9.9.9' }));
      expect((await api.call<AppVersion>('GET', appVersionPaths.version)).body.data).toEqual(built);
    } finally {
      await api.close();
    }
  });

  it('without a build answers the web package version, built when the process started', async () => {
    const dist = join(root, 'unbuilt', 'dist');
    await mkdir(dist, { recursive: true });
    await writeFile(join(root, 'unbuilt', 'package.json'), JSON.stringify({ version: '2.3.4' }));
    const before = Date.now();
    const api = await startTestApp({ config: testConfig({ WEB_DIST_DIR: dist }) });
    const after = Date.now();
    try {
      const answer = await api.call<AppVersion>('GET', appVersionPaths.version);
      expect(answer.status).toBe(200);
      expect(answer.body.data.version).toBe('2.3.4');
      const builtAt = Date.parse(answer.body.data.builtAt);
      expect(builtAt).toBeGreaterThanOrEqual(before);
      expect(builtAt).toBeLessThanOrEqual(after);
    } finally {
      await api.close();
    }
  });

  it('ignores a broken version file', async () => {
    const dist = join(root, 'broken', 'dist');
    await mkdir(dist, { recursive: true });
    await writeFile(join(dist, 'version.json'), '{"version": ""');
    const api = await startTestApp({ config: testConfig({ WEB_DIST_DIR: dist }) });
    try {
      const answer = await api.call<AppVersion>('GET', appVersionPaths.version);
      expect(answer.status).toBe(200);
      expect(answer.body.data.version).toBe('0.0.0');
    } finally {
      await api.close();
    }
  });
});
