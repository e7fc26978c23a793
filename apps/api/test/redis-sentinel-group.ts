import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { output } from './child-process';
import { freePort } from './own-postgres';

// A Redis Sentinel group of a test's own on loopback ports: a primary, its replica and one sentinel
// (redis-server runs as a sentinel with --sentinel). The shared Redis is never touched.

export interface SentinelGroup {
  /** What REDIS_SENTINELS and REDIS_SENTINEL_NAME name. */
  sentinels: { host: string; port: number }[];
  name: string;
  primaryPort: number;
  replicaPort: number;
  /** Kills the primary (no goodbye to its clients, as a crash) and waits until it is gone. */
  killPrimary(): Promise<void>;
  /** The port the sentinel names as primary now. */
  primaryNow(): Promise<number>;
  stop(): Promise<void>;
}

const name = 'wsm';

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export async function startSentinelGroup(): Promise<SentinelGroup> {
  const folder = mkdtempSync(join(tmpdir(), 'wsm-sentinel-'));
  const [primaryPort, replicaPort, sentinelPort] = [await freePort(), await freePort(), await freePort()];
  const children: ChildProcess[] = [];
  const server = async (args: string[]) => {
    const child = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    await output(child).until(/Ready to accept connections|Sentinel ID is/);
    return child;
  };
  const plain = (port: number) => [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
  ];
  const primary = await server(plain(primaryPort));
  await server([...plain(replicaPort), '--replicaof', '127.0.0.1', String(primaryPort)]);
  // A sentinel rewrites its configuration file: one of its own in the folder. One sentinel is its own
  // quorum; it calls the primary down after a second without answers.
  const config = join(folder, 'sentinel.conf');
  writeFileSync(
    config,
    [
      `port ${sentinelPort}`,
      'bind 127.0.0.1',
      `dir ${folder}`,
      `sentinel monitor ${name} 127.0.0.1 ${primaryPort} 1`,
      `sentinel down-after-milliseconds ${name} 1000`,
      `sentinel failover-timeout ${name} 10000`,
      '',
    ].join('\n'),
  );
  await server([config, '--sentinel']);

  const sentinel = new Redis({
    port: sentinelPort,
    host: '127.0.0.1',
    lazyConnect: true,
    maxRetriesPerRequest: 1,
  });
  sentinel.on('error', () => undefined);
  const replica = new Redis({
    port: replicaPort,
    host: '127.0.0.1',
    lazyConnect: true,
    maxRetriesPerRequest: 1,
  });
  replica.on('error', () => undefined);
  // A failover needs a replica in sync that the sentinel knows of (it learns of replicas from the
  // primary's INFO, every ten seconds at first).
  await waitFor('the replica to sync', async () =>
    (await replica.info('replication')).includes('master_link_status:up'),
  );
  await waitFor('the sentinel to know the replica', async () => {
    const replicas = (await sentinel.call('SENTINEL', 'REPLICAS', name)) as string[][];
    return replicas.some(
      (fields) => fields.includes(String(replicaPort)) && !fields.join(' ').includes('disconnected'),
    );
  });

  const primaryNow = async () => {
    const [, port] = (await sentinel.call('SENTINEL', 'GET-MASTER-ADDR-BY-NAME', name)) as [string, string];
    return Number(port);
  };
  return {
    sentinels: [{ host: '127.0.0.1', port: sentinelPort }],
    name,
    primaryPort,
    replicaPort,
    primaryNow,
    async killPrimary() {
      if (primary.exitCode !== null || primary.signalCode !== null) return;
      const gone = new Promise((resolve) => primary.once('exit', resolve));
      primary.kill('SIGKILL');
      await gone;
    },
    async stop() {
      sentinel.disconnect();
      replica.disconnect();
      await Promise.all(
        children.map((child) => {
          if (child.exitCode !== null || child.signalCode !== null) return undefined;
          const gone = new Promise((resolve) => child.once('exit', resolve));
          child.kill('SIGKILL');
          return gone;
        }),
      );
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
