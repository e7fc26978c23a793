// `node bench/redis-outage.mjs`: how the API answers while Redis (the rate-limit counters) is down, and
// how soon it counts in Redis again once Redis is back. Starts a redis-server of its own on a free port
// (never the shared one) and the API on it (tsx, or the build with --built), then kills Redis and times
// the first answers of a login step (needs Redis: 503) and of a token renewal (counts in the process
// meanwhile: 200), starts Redis again and times until a login step is counted again. Benchmarks
// measure; they never fail on time.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { call, randomNationalCode, signUp } from './lib/client.mjs';
import { startApi } from './lib/start-api.mjs';

const loginStep = '/v1/auth/identity/login/national-code/';
const renew = '/v1/auth/identity/security/tokens/renew/';

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function startRedis(port) {
  const child = spawn('redis-server', [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
  ]);
  await new Promise((resolve, reject) => {
    let text = '';
    child.stdout.on('data', (chunk) => {
      text += chunk;
      if (text.includes('Ready to accept connections')) resolve();
    });
    child.once('exit', () => reject(new Error(`redis-server exited:\n${text}`)));
  });
  return child;
}

async function timed(step) {
  const started = performance.now();
  const answer = await step();
  return { ms: Math.round(performance.now() - started), statusCode: answer.statusCode };
}

const port = await freePort();
let redis = await startRedis(port);
const api = await startApi({
  built: process.argv.includes('--built'),
  env: { REDIS_URL: `redis://127.0.0.1:${port}` },
});
try {
  const person = await signUp(api.url);
  let refreshToken = person.tokens.refreshToken;
  const login = () =>
    call(api.url, 'POST', loginStep, { nationalCode: randomNationalCode(), password: 'Wrong-Password-1!' });
  const renewal = async () => {
    const answer = await call(api.url, 'POST', renew, { refreshToken });
    if (answer.statusCode === 200) refreshToken = answer.data.refreshToken;
    return answer;
  };
  const rows = [];
  redis.kill('SIGKILL');
  await new Promise((resolve) => redis.once('exit', resolve));
  for (let i = 1; i <= 3; i++) rows.push({ step: `login step ${i}, Redis down`, ...(await timed(login)) });
  for (let i = 1; i <= 3; i++) rows.push({ step: `renewal ${i}, Redis down`, ...(await timed(renewal)) });
  redis = await startRedis(port);
  const back = performance.now();
  let answer;
  do answer = await login();
  while (answer.statusCode === 503);
  rows.push({
    step: 'Redis restarted: until a login step is counted',
    ms: Math.round(performance.now() - back),
    statusCode: answer.statusCode,
  });
  console.table(rows);
} finally {
  await api.stop();
  redis.kill('SIGKILL');
}
