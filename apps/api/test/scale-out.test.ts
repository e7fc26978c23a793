import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  apiKeyPaths,
  backupPaths,
  connectedApplicationsPaths,
  identityPaths,
  signInPaths,
  workspacePaths,
} from '@wsm/contracts';
import * as oidcClient from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import type { AppDeps } from '../src/deps';
import { identityLimits } from '../src/modules/identity/limits';
import { exportBackup, setLogo, takeBackup } from './backup-fixtures';
import { output, runTsx } from './child-process';
import { createWorkspace, memberWith, newClient, quickUser, randomUsername } from './fixtures';
import { httpCaller } from './http-app';
import { authorize, Browser, redirectUri, relyingParty, signInClient } from './oidc-fixtures';
import { type OwnPgBouncer, startOwnPgBouncer } from './own-pgbouncer';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database';
import { type TestApp, testConfig } from './test-app';

// Two API processes on one PostgreSQL database and one Redis, as behind a load balancer: what one process changes, the other honours at the next request. Each process has its own
// pool, its own memory and its own Redis connection; nothing is shared but the database and Redis.
// With TEST_POOLER=transaction (the scale-out-pgbouncer project) both reach PostgreSQL through a
// PgBouncer in transaction mode, as docs/deploy.md lays out: pooled queries through it, their LISTEN
// connection and the migrations straight to PostgreSQL (DATABASE_DIRECT_URL).
const pooled = process.env.TEST_POOLER === 'transaction';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const config = testConfig();
const publicUrl = 'http://127.0.0.1:54110';

let scratch: ScratchDatabase | undefined;
let bouncer: OwnPgBouncer | undefined;
let database: DatabaseHandle;
const dataDir = mkdtempSync(join(tmpdir(), 'wsm-scale-out-'));
const children: ChildProcess[] = [];
let a: TestApp;
let b: TestApp;

/** Starts `node src/server.ts` and answers a TestApp that calls it over HTTP (and writes to the database directly). */
async function startProcess(name: string): Promise<TestApp> {
  const child = runTsx(['src/server.ts'], {
    NODE_ENV: 'development',
    PORT: '0',
    ...(bouncer
      ? {
          DATABASE_URL: bouncer.through(scratch!.url),
          DATABASE_DIRECT_URL: scratch!.url,
          DATABASE_POOLER: 'transaction',
        }
      : { DATABASE_URL: scratch!.url }),
    REDIS_URL: redisUrl,
    JWT_SECRET: config.jwtSecret,
    DATA_DIR: join(dataDir, name),
    TRUST_PROXY: 'true',
    // One issuer for both, as behind the load balancer (test/oidc-fixtures.ts retargets its requests).
    PUBLIC_URL: publicUrl,
    LOG_LEVEL: 'warn',
    // The counters of the auth cache show that what follows is answered from memory.
    METRICS: 'true',
  });
  children.push(child);
  const [, url] = await output(child).until(/running at (http:\/\/\S+?)\/ /);
  return {
    url: url!,
    app: undefined as never,
    deps: { database, config } as AppDeps,
    call: httpCaller(url!),
    close: async () => undefined,
  };
}

beforeAll(async () => {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('the scale-out test needs DATABASE_URL (a PostgreSQL server)');
  scratch = await createScratchDatabase(serverUrl, 'wsm_scale');
  if (pooled) bouncer = await startOwnPgBouncer(serverUrl);
  // Migrated once here, so the two processes do not race to migrate at start-up.
  database = await openDatabase({ databaseUrl: scratch.url, poolSize: 2 });
  await runMigrations(database);
  [a, b] = await Promise.all([startProcess('a'), startProcess('b')]);
}, 180_000);

afterAll(async () => {
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
  await database?.close();
  await bouncer?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  await scratch?.drop();
});

/** Lookups of a process's session and membership cache answered from memory (GET /metrics). */
async function cacheHits(api: TestApp): Promise<number> {
  const text = await (await fetch(`${api.url}/metrics`)).text();
  return [...text.matchAll(/^auth_cache_lookups_total\{[^}]*outcome="hit"[^}]*\} (\d+)/gm)].reduce(
    (sum, match) => sum + Number(match[1]),
    0,
  );
}

describe(`two API processes on one PostgreSQL${pooled ? ' behind PgBouncer' : ''} and Redis`, {
  timeout: 120_000,
}, () => {
  it('with the auth cache on, the permissions of a role taken and given back and a session ended through one apply on the other at the next request', async () => {
    const owner = await quickUser(a);
    const workspace = await createWorkspace(a, owner);
    const reader = await memberWith(a, workspace, ['tenant_members_read', 'tenant_profile_read']);
    const list = () =>
      newClient(b).call('GET', workspacePaths.membersOf(workspace.id), {
        token: reader.user.tokens.accessToken,
      });
    // Twice: the second answer comes from B's cache.
    expect((await list()).body.statusCode).toBe(200);
    const before = await cacheHits(b);
    expect((await list()).body.statusCode).toBe(200);
    expect(await cacheHits(b)).toBeGreaterThan(before);

    /** Gives the reader's role exactly `permissionIds` through A (read first, for its lastChangeDate). */
    const setReaderPermissions = async (permissionIds: string[]) => {
      const role = await newClient(a).call<{ lastChangeDate: string }>(
        'GET',
        `/v1/workspaces/members/access/roles/role-id/${reader.roleId}/workspace-id/${workspace.id}`,
        { token: owner.tokens.accessToken },
      );
      const changed = await newClient(a).call('PUT', '/v1/workspaces/members/access/roles/', {
        token: owner.tokens.accessToken,
        body: {
          workspaceId: workspace.id,
          roleId: reader.roleId,
          name: 'Reader',
          superAccess: false,
          permissionIds,
          lastChangeDate: role.body.data.lastChangeDate,
        },
      });
      expect(changed.body.statusCode).toBe(200);
    };

    // The role loses the permission (PUT on A): B refuses the next list.
    await setReaderPermissions(['tenant_profile_read']);
    expect((await list()).body.statusCode).toBe(403);

    // Given back: B lets the next list through again (nothing stale is kept the other way either).
    await setReaderPermissions(['tenant_members_read', 'tenant_profile_read']);
    expect((await list()).body.statusCode).toBe(200);
    expect((await list()).body.statusCode).toBe(200);

    // The reader logs out through A: B refuses the token at once.
    const out = await newClient(a).call('DELETE', identityPaths.logout, {
      token: reader.user.tokens.accessToken,
    });
    expect(out.body.statusCode).toBe(200);
    expect((await list()).status).toBe(401);
  });

  it('a session ended through one is refused by the other at once', async () => {
    const person = await quickUser(a);
    const token = person.tokens.accessToken;
    expect((await newClient(b).call('GET', workspacePaths.workspaces, { token })).status).toBe(200);
    const out = await newClient(a).call('DELETE', identityPaths.logout, { token });
    expect(out.body.statusCode).toBe(200);
    expect((await newClient(b).call('GET', workspacePaths.workspaces, { token })).status).toBe(401);
  });

  it('rate limits are counted once across both: wrong passwords for one account, alternately', async () => {
    const username = randomUsername();
    const answers: number[] = [];
    // 20 wrong passwords per account in an hour are told (docs/security.md), whichever process checks
    // them, from whichever address; then the answers tell nothing.
    const budget = identityLimits.loginFailAccount.max;
    for (let i = 0; i <= budget; i++) {
      const answer = await newClient(i % 2 === 0 ? a : b).call('POST', identityPaths.loginUsername, {
        body: { username, password: 'not-the-password' },
      });
      answers.push(answer.body.statusCode);
    }
    expect(answers).toEqual([...Array(budget).fill(620), 630]);
  });

  it('a demotion or a removal through one applies on the other at the next request', async () => {
    const owner = await quickUser(a);
    const workspace = await createWorkspace(a, owner);
    const reader = await memberWith(a, workspace, ['tenant_members_read']);
    const other = await memberWith(a, workspace, ['tenant_members_read']);
    const list = (as: { tokens: { accessToken: string } }) =>
      newClient(b).call('GET', workspacePaths.membersOf(workspace.id), { token: as.tokens.accessToken });
    expect((await list(reader.user)).status).toBe(200);
    expect((await list(other.user)).status).toBe(200);

    const demoted = await newClient(a).call('PUT', workspacePaths.members, {
      token: owner.tokens.accessToken,
      body: { workspaceId: workspace.id, memberId: reader.memberId, roleId: null },
    });
    expect(demoted.body.statusCode).toBe(200);
    expect((await list(reader.user)).body.statusCode).toBe(403);

    const removed = await newClient(a).call('DELETE', workspacePaths.members, {
      token: owner.tokens.accessToken,
      body: { workspaceId: workspace.id, memberId: other.memberId },
    });
    expect(removed.body.statusCode).toBe(200);
    expect((await list(other.user)).status).toBe(403);
  });

  it('an API key revoked through one is refused by the other at the next request', async () => {
    const owner = await quickUser(a);
    const workspace = await createWorkspace(a, owner);
    const made = await newClient(a).call<{ id: string; key: string }>('POST', apiKeyPaths.keys, {
      token: owner.tokens.accessToken,
      body: { workspaceId: workspace.id, name: 'sync', permissions: ['tenant_members_read'] },
    });
    const list = () =>
      newClient(b).call('GET', workspacePaths.membersOf(workspace.id), { token: made.body.data.key });
    // Twice: the second answer comes from b's memory.
    expect((await list()).status).toBe(200);
    expect((await list()).status).toBe(200);
    const revoked = await newClient(a).call('DELETE', apiKeyPaths.keys, {
      token: owner.tokens.accessToken,
      body: { workspaceId: workspace.id, id: made.body.data.id },
    });
    expect(revoked.body.statusCode).toBe(200);
    expect((await list()).status).toBe(401);
  });

  it('an uploaded image and a backup taken through one are served by the other', async () => {
    const owner = await quickUser(a);
    const workspace = await createWorkspace(a, owner);
    const logoId = await setLogo(a, workspace, '#3366ff');
    const logo = await fetch(`${b.url}/v1/assets/images/${logoId}`);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toMatch(/^image\//);

    // The code is texted by the process that started the backup; the log provider keeps it there.
    const backup = await takeBackup(a, workspace);
    const listed = await newClient(b).call<{ items: { id: string }[] }>(
      'GET',
      backupPaths.list(workspace.id),
      { token: owner.tokens.accessToken },
    );
    expect(listed.body.data.items.map((item) => item.id)).toEqual([backup.id]);
    const file = await exportBackup(b, workspace, backup.id);
    expect(file.status).toBe(200);
    expect(file.bytes.length).toBe(backup.size);
  });

  it('sign in with the workspace: a code issued by one is redeemed at the other, a grant revoked at one is refused by the other', async () => {
    const rp = await signInClient(a, { publicUrl, fields: { clientType: 'confidential' } });
    const atB = await relyingParty(b, rp.clientId, rp.clientSecret, publicUrl);
    const { url, verifier, state, nonce } = await authorize(rp.config);
    const back = await new Browser(a, rp.owner.tokens.accessToken, publicUrl).follow(url.href);
    const tokens = await oidcClient.authorizationCodeGrant(atB, new URL(back.location!), {
      pkceCodeVerifier: verifier,
      expectedState: state,
      expectedNonce: nonce,
    });
    expect(tokens.claims()!.sub).toBe(rp.owner.id);
    expect((await oidcClient.tokenIntrospection(atB, tokens.refresh_token!)).active).toBe(true);
    const [grant] = (
      await newClient(a).call<{ id: string }[]>('GET', connectedApplicationsPaths.list, {
        token: rp.owner.tokens.accessToken,
      })
    ).body.data;
    const gone = await newClient(a).call('DELETE', connectedApplicationsPaths.disconnect, {
      token: rp.owner.tokens.accessToken,
      body: { id: grant!.id },
    });
    expect(gone.status).toBe(200);
    expect((await oidcClient.tokenIntrospection(atB, tokens.refresh_token!)).active).toBe(false);
    await expect(oidcClient.refreshTokenGrant(atB, tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  it("sign in with the workspace: an application's sign-in settings changed through one apply on the other at the next request", async () => {
    const rp = await signInClient(a, { publicUrl, fields: { clientType: 'confidential' } });
    const clientLookups = async (outcome: string) => {
      const text = await (await fetch(`${b.url}/metrics`)).text();
      return Number(new RegExp(`cache="client",outcome="${outcome}"} (\\d+)`).exec(text)?.[1] ?? 0);
    };
    // The client authenticates at B, which keeps it: the second request is answered from memory.
    const atB = await relyingParty(b, rp.clientId, rp.clientSecret, publicUrl);
    expect((await oidcClient.tokenIntrospection(atB, 'unknown')).active).toBe(false);
    const hits = await clientLookups('hit');
    expect((await oidcClient.tokenIntrospection(atB, 'unknown')).active).toBe(false);
    expect(await clientLookups('hit')).toBeGreaterThan(hits);

    // A new secret through A: B refuses the old one and takes the new one.
    const rotated = await rp.call<{ clientSecret: string }>('POST', signInPaths.secret, rp.token, {
      workspaceId: rp.ws.id,
      applicationId: rp.appId,
    });
    expect(rotated.status).toBe(200);
    await expect(oidcClient.tokenIntrospection(atB, 'unknown')).rejects.toMatchObject({ status: 401 });
    const renewed = await relyingParty(b, rp.clientId, rotated.body.data.clientSecret, publicUrl);
    expect((await oidcClient.tokenIntrospection(renewed, 'unknown')).active).toBe(false);

    // Switched off through A: B no longer knows the client.
    const off = await rp.call('PUT', signInPaths.save, rp.token, {
      workspaceId: rp.ws.id,
      applicationId: rp.appId,
      enabled: false,
      clientType: 'confidential',
      redirectUris: [redirectUri],
      postLogoutRedirectUris: [],
    });
    expect(off.status).toBe(200);
    await expect(oidcClient.tokenIntrospection(renewed, 'unknown')).rejects.toMatchObject({ status: 401 });
  });
});
