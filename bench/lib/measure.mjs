import autocannon from 'autocannon';

// The GET load both PostgreSQL list benches put on a page: autocannon at a fixed number of connections,
// with the envelope's body codes counted.

/** `measure(url, token, duration?)`: req/s, p50, p99, errors and the body codes seen. */
export function measurer({ connections, seconds }) {
  function run(options) {
    return new Promise((resolve, reject) => {
      autocannon({ connections, duration: seconds, ...options }, (error, result) =>
        error ? reject(error) : resolve(result),
      );
    });
  }

  async function measure(url, token, duration = seconds) {
    const seen = new Map();
    const result = await run({
      url,
      duration,
      headers: { authorization: `Bearer ${token}` },
      requests: [
        {
          method: 'GET',
          onResponse: (_status, body) => {
            let code = 'unreadable';
            try {
              code = String(JSON.parse(body).statusCode ?? 'none');
            } catch {}
            seen.set(code, (seen.get(code) ?? 0) + 1);
          },
        },
      ],
    });
    return {
      rps: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.timeouts,
      codes: [...seen].map(([code, n]) => `${code}×${n}`).join(' '),
    };
  }

  return measure;
}
