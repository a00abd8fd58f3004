// Foundation figures: requests per second and latency of the health check, a guarded read and sign-in.
import autocannon from 'autocannon';
import type { BenchServer } from './server.ts';
import { BENCH_ADMIN_PASSWORD } from './server.ts';
import type { Figure } from './table.ts';

async function load(url: string, opts: Partial<autocannon.Options>): Promise<autocannon.Result> {
  return autocannon({ url, connections: 20, duration: 8, ...opts });
}

export async function benchHttp(server: BenchServer): Promise<Figure[]> {
  const signIn = await fetch(`${server.url}/api/auth/signInSuperAdmin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: BENCH_ADMIN_PASSWORD }),
  });
  const { jwtToken } = (await signIn.json()) as { jwtToken: string };

  const health = await load(`${server.url}/healthz`, {});
  const me = await load(`${server.url}/api/auth/me`, { headers: { authorization: `Bearer ${jwtToken}` } });
  // Sign-in is bound by its password hash (argon2id) by design; few connections, to measure it rather than queueing.
  const login = await load(`${server.url}/api/auth/signInSuperAdmin`, {
    method: 'POST',
    connections: 4,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: BENCH_ADMIN_PASSWORD }),
  });
  for (const [name, r] of [
    ['healthz', health],
    ['me', me],
    ['sign-in', login],
  ] as const) {
    if (r.errors || r.non2xx) throw new Error(`${name}: ${r.errors} errors, ${r.non2xx} non-2xx replies`);
  }
  return [
    { figure: 'GET /healthz throughput (20 conn)', value: health.requests.average, unit: 'req/s', higher: true },
    { figure: 'GET /healthz p99 latency', value: health.latency.p99, unit: 'ms' },
    {
      figure: 'guarded GET /api/auth/me throughput (20 conn)',
      value: me.requests.average,
      unit: 'req/s',
      higher: true,
    },
    { figure: 'guarded GET /api/auth/me p99 latency', value: me.latency.p99, unit: 'ms' },
    { figure: 'sign-in throughput (argon2id, 4 conn)', value: login.requests.average, unit: 'req/s', higher: true },
    { figure: 'sign-in p99 latency', value: login.latency.p99, unit: 'ms' },
  ];
}
