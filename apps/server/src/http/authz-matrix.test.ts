// The authorization matrix (docs/product.md §6): every registered route, called as each kind of caller, answers as
// authz-expectations.ts declares. No call is allowed that should be denied, and no scoped reply holds another's data.
// Every call carries its session token in the Authorization header, the media routes' too (their ?token= form is
// tested in auth/guard.test.ts). Routes that delete or use up an object get a new one for each caller (authz-world.ts).
import { afterAll, expect, it } from 'vitest';
import type { App } from '../app-type.ts';
import { useTestApp } from '../test/harness.ts';
import { EXPECTATIONS, verdictsOf } from '../test/authz-expectations.ts';
import { MARKERS, createWorld, createWorldDirs, probes } from '../test/authz-world.ts';
import { CALLERS, type Probe, type Verdict, type Who } from '../test/authz/types.ts';
import { MATRIX_MFA } from '../test/authz/mfa.ts';
import { CLIENTS_EXTRA_ROWS } from '../test/authz/clients.ts';

const dirs = createWorldDirs();
// The simulated dialer: sends to it finish (the send routes' probes need real sends). A second factor for admins and
// inspectors: everyone signs in through it, and a token before the code fails the world (test/authz/mfa.ts).
const t = useTestApp({
  webDist: dirs.webDist,
  recordingsDir: dirs.recordingsDir,
  dialer: { mode: 'simulated', pollMs: 60_000 },
  mfa: MATRIX_MFA,
});
afterAll(() => dirs.remove());

/** Routes that are not in the route table but answer anyway. */
const EXTRA_ROWS = ['GET /* (web app)', ...CLIENTS_EXTRA_ROWS];
/** Those who may be refused call first, so they meet objects the owners have not yet changed or deleted. */
const CALL_ORDER: readonly Who[] = ['anon', 'otherClient', 'client', 'otherAgent', 'agent', 'otherQc', 'qc', 'admin'];
const markers = Object.values(MARKERS);

type Answer = { status: number; body: string };

/** One call; a streamed reply is read to its end, except an event stream, which never ends: it is closed at once. */
async function send(app: App, method: string, probe: Probe, token: string | undefined): Promise<Answer> {
  const headers: Record<string, string> = { ...probe.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) };
  let payload: Buffer | string | undefined;
  if (probe.form) {
    const form = new FormData();
    const bytes =
      typeof probe.form.content === 'string'
        ? new TextEncoder().encode(probe.form.content)
        : new Uint8Array(probe.form.content);
    form.append(probe.form.field, new Blob([bytes], { type: probe.form.type }), probe.form.fileName);
    const encoded = new Response(form);
    headers['content-type'] = encoded.headers.get('content-type') ?? '';
    payload = Buffer.from(await encoded.arrayBuffer());
  } else if (probe.body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(probe.body);
  }
  const res = await app.inject({
    method: method as 'GET',
    url: probe.url,
    headers,
    payloadAsStream: true,
    ...(payload === undefined ? {} : { payload }),
  });
  const stream = res.stream();
  if (String(res.headers['content-type'] ?? '').startsWith('text/event-stream')) {
    stream.destroy();
    return { status: res.statusCode, body: '' };
  }
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return { status: res.statusCode, body: Buffer.concat(chunks).toString('utf8') };
}

/** What is wrong with an answer, or null when it is the one declared. */
function judge(verdict: Verdict, who: Who, a: Answer): { problem: string; unexpectedAllow: boolean } | null {
  const denied = a.status === 401 || a.status === 403;
  if (verdict === 'D') {
    const want = who === 'anon' ? 401 : 403;
    if (a.status === want) return null;
    return denied
      ? { problem: `denied with ${a.status}, not ${want}`, unexpectedAllow: false }
      : { problem: `ALLOWED with ${a.status}`, unexpectedAllow: true };
  }
  if (denied) return { problem: `denied with ${a.status}: ${a.body.slice(0, 120)}`, unexpectedAllow: false };
  if (a.status >= 500) return { problem: `failed with ${a.status}: ${a.body.slice(0, 120)}`, unexpectedAllow: false };
  if (verdict === 'S') {
    const leaked = markers.filter((m) => a.body.includes(m));
    if (leaked.length > 0) return { problem: `LEAKED ${leaked.join(', ')}`, unexpectedAllow: true };
  }
  return null;
}

function printMatrix(rows: { key: string; cells: Record<Who, string> }[]): void {
  const header = ['route', ...CALLERS];
  const lines = rows.map((r) => [r.key, ...CALLERS.map((who) => r.cells[who])]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  console.log(
    [
      "Authorization matrix: the status each caller got (! = not as declared; s = scoped reply, checked for others' data)",
      line(header),
      line(widths.map((w) => '-'.repeat(w))),
      ...lines.map(line),
    ].join('\n'),
  );
}

it(
  'answers every route as declared for anonymous, agent, other agent, QC, other QC and admin, with no unexpected allow',
  // Some 1,300 calls: about a minute on a quiet machine, three or more while it is busy; the limit is only a backstop.
  { timeout: 600_000 },
  async () => {
    const w = await createWorld(t.app, dirs.recordingsDir);
    const routeKeys = [
      ...new Set(t.app.routeTable.filter((r) => r.method !== 'HEAD').map((r) => `${r.method} ${r.url}`)),
    ];
    const keys = [...routeKeys, ...EXTRA_ROWS];
    expect(routeKeys.length).toBeGreaterThan(100);
    // A new route must declare who may call it; an entry of a route that is gone must go too.
    expect(
      keys.filter((k) => !(k in EXPECTATIONS)),
      'routes without an expectation',
    ).toEqual([]);
    expect(
      Object.keys(EXPECTATIONS).filter((k) => !keys.includes(k)),
      'expectations of no route',
    ).toEqual([]);
    const probeOf = probes(w);
    expect(
      keys.filter((k) => !(k in probeOf)),
      'routes without a probe',
    ).toEqual([]);

    const mismatches: string[] = [];
    const weakProbes: string[] = [];
    let unexpectedAllows = 0;
    let calls = 0;
    const rows: { key: string; cells: Record<Who, string> }[] = [];
    for (const key of keys) {
      const method = key.split(' ')[0] as string;
      const verdicts = verdictsOf(key);
      const spec = probeOf[key];
      if (spec === undefined) continue;
      const cells = {} as Record<Who, string>;
      const answers = {} as Record<Who, Answer>;
      for (const who of CALL_ORDER) {
        const probe = typeof spec === 'function' ? await spec() : spec;
        const token = probe.freshSession ? await w.freshToken(who) : w.tokens[who];
        const answer = await send(t.app, method, probe, token);
        calls += 1;
        answers[who] = answer;
        const wrong = judge(verdicts[who], who, answer);
        cells[who] = `${answer.status}${verdicts[who] === 'S' ? 's' : ''}${wrong ? '!' : ''}`;
        if (wrong) {
          mismatches.push(`${key} as ${who}: ${wrong.problem}`);
          if (wrong.unexpectedAllow) unexpectedAllows += 1;
        }
      }
      // A probe that no caller gets a 2xx from may be refusing on its input, hiding what authorization would do.
      if (!CALLERS.some((who) => verdicts[who] !== 'D' && answers[who].status >= 200 && answers[who].status < 300))
        weakProbes.push(`${key}: no allowed caller got a 2xx`);
      // The leak check means something only if the owners' replies do hold the markers.
      if (CALLERS.some((who) => verdicts[who] === 'S') && !markers.some((m) => answers.admin.body.includes(m)))
        weakProbes.push(`${key}: the admin's reply holds no marker`);
      rows.push({ key, cells });
    }
    printMatrix(rows);
    console.log(
      `${keys.length} routes × ${CALLERS.length} callers: ${calls} calls, ${mismatches.length} not as declared, ${unexpectedAllows} unexpected allows`,
    );

    expect(weakProbes, 'probes that prove nothing').toEqual([]);
    expect(mismatches, 'answers not as declared').toEqual([]);
    expect(unexpectedAllows).toBe(0);
  },
);
