// Helpers of the agent tests: valid request bodies, real multipart uploads and row counts.
import { expect } from 'vitest';
import type { TAgent } from '@crm/shared';
import type { App } from '../app-type.ts';
import type { Db } from '../db/schema.ts';
import type { Caller, Reply } from './harness.ts';

let n = 0;
/** A unique agentId per call, so tests never collide. */
export function nextAgentId(prefix = 'AT'): string {
  n += 1;
  return `${prefix}-${process.pid}-${n}`;
}

export function agentBody(overrides: Record<string, unknown> = {}) {
  return {
    type: 'Physical',
    name: 'Rahim Uddin',
    agentId: nextAgentId(),
    password: 'agent-pass-1',
    cellNumber: '01711000001',
    joiningDate: '2024-01-15',
    ...overrides,
  };
}

export async function addAgent(api: Caller, overrides: Record<string, unknown> = {}): Promise<TAgent> {
  const r = await api.post('/api/ac/addAgent', agentBody(overrides));
  expect(r.status, r.text).toBe(200);
  return r.json<TAgent>();
}

/** POSTs a real multipart/form-data body, built by the platform's FormData, with the file in `field`. */
export async function upload(
  app: App,
  token: string | undefined,
  content: string | Buffer,
  filename = 'agents.csv',
  field = 'file',
): Promise<Reply> {
  const form = new FormData();
  form.append(
    field,
    new Blob([typeof content === 'string' ? content : new Uint8Array(content)], { type: 'text/csv' }),
    filename,
  );
  const encoded = new Response(form);
  const res = await app.inject({
    method: 'POST',
    url: '/api/ac/upload',
    headers: {
      'content-type': encoded.headers.get('content-type') ?? '',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
  const isJson = String(res.headers['content-type'] ?? '').includes('application/json');
  const parsed: unknown = isJson && res.body ? JSON.parse(res.body) : res.body;
  return { status: res.statusCode, body: parsed, headers: res.headers, text: res.body, json: <T>() => parsed as T };
}

export async function countRows(db: Db): Promise<{ agents: number; users: number }> {
  const [agents, users] = await Promise.all([
    db
      .selectFrom('agents')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { agents: Number(agents.n), users: Number(users.n) };
}

/** No reply may carry a password (the given ones, or any under a "password" key) or a hash. */
export function expectNoSecrets(text: string, ...passwords: string[]): void {
  expect(text).not.toMatch(/\$argon2|scrypt\$|passwordHash|password_hash|"password":/);
  for (const password of passwords) expect(text).not.toContain(password);
}
