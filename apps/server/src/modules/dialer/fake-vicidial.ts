// A stand-in VICIdial non-agent API for tests (API and browser): the documented reply format and its failures.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DIALER_STAT_KEYS, type TDialerStats } from '@crm/shared';

export const FAKE_API_PATH = '/vicidial/non_agent_api.php';
export const FAKE_CONTROL_PATH = '/control';

/** What the fake answers next; change it with set() in-process or POST {FAKE_CONTROL_PATH} from another process. */
export type FakeBehaviour =
  | { kind: 'figures'; stats: TDialerStats }
  | { kind: 'error'; message: string }
  | { kind: 'garbage'; body: string }
  | { kind: 'status'; code: number }
  | { kind: 'hang' };

export type FakeVicidial = {
  /** The full URL of non_agent_api.php, as VICIDIAL_URL takes it. */
  url: string;
  controlUrl: string;
  user: string;
  pass: string;
  set: (behaviour: FakeBehaviour) => void;
  /** The query of every API request received, oldest first. */
  requests: URLSearchParams[];
  close: () => Promise<void>;
};

export const FAKE_STATS: TDialerStats = {
  calls_waiting: 4,
  agents_logged_in: 31,
  agents_in_calls: 19,
  agents_waiting: 5,
  agents_paused: 3,
  agents_in_dead_calls: 1,
  agents_in_dispo: 2,
  agents_in_dial: 1,
};

/** The documented success reply: a header line and one data line. */
export function userGroupStatusReply(stats: TDialerStats, groups: string): string {
  const header = ['usergroups', ...DIALER_STAT_KEYS].join('|');
  const values = [groups, ...DIALER_STAT_KEYS.map((k) => String(stats[k]))].join('|');
  return `${header}\n${values}\n`;
}

function answer(res: http.ServerResponse, status: number, body: string) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(body);
}

export async function startFakeVicidial(options: { user?: string; pass?: string; behaviour?: FakeBehaviour } = {}): Promise<FakeVicidial> {
  const user = options.user ?? 'crmapi';
  const pass = options.pass ?? 'fake-dialer-secret';
  let behaviour: FakeBehaviour = options.behaviour ?? { kind: 'figures', stats: FAKE_STATS };
  const requests: URLSearchParams[] = [];

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method === 'POST' && url.pathname === FAKE_CONTROL_PATH) {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        behaviour = JSON.parse(body) as FakeBehaviour;
        answer(res, 204, '');
      });
      return;
    }
    if (url.pathname !== FAKE_API_PATH) return answer(res, 404, 'Not Found');
    const q = url.searchParams;
    requests.push(q);
    // Like VICIdial, wrong credentials or a missing parameter are an ERROR: line with HTTP 200.
    if (q.get('user') !== user || q.get('pass') !== pass) {
      return answer(res, 200, `ERROR: user_group_status USER DOES NOT HAVE PERMISSION TO GET USER GROUP INFO - ${q.get('user') ?? ''}|0\n`);
    }
    if (q.get('function') !== 'user_group_status' || !q.get('user_groups') || q.get('source') === null) {
      return answer(res, 200, `ERROR: user_group_status INVALID SEARCH PARAMETERS - ${user}||\n`);
    }
    switch (behaviour.kind) {
      case 'figures':
        return answer(res, 200, userGroupStatusReply(behaviour.stats, (q.get('user_groups') ?? '').split('|').join(' ')));
      case 'error':
        return answer(res, 200, `ERROR: ${behaviour.message}\n`);
      case 'garbage':
        return answer(res, 200, behaviour.body);
      case 'status':
        return answer(res, behaviour.code, 'Internal Server Error');
      case 'hang':
        return; // never answers
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  return {
    url: `${base}${FAKE_API_PATH}`,
    controlUrl: `${base}${FAKE_CONTROL_PATH}`,
    user,
    pass,
    set: (next) => {
      behaviour = next;
    },
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Changes the behaviour of a fake running in another process (the browser tests' global set-up). */
export async function setFakeVicidial(controlUrl: string, behaviour: FakeBehaviour): Promise<void> {
  const r = await fetch(controlUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(behaviour) });
  if (!r.ok) throw new Error(`fake VICIdial control answered ${r.status}`);
}
