import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZPageParams, zPaged } from '@crm/shared';
import { buildApp } from '../app.ts';
import { caller, createUser, openTestDatabase, testConfig, useTestApp } from '../test/harness.ts';
import { toPaged } from './pagination.ts';

const t = useTestApp();

describe('errors and health', () => {
  it('GET /healthz reports ok and which database serves', async () => {
    const r = await t.anonymous.get('/healthz');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: 'ok', db: 'postgres' });
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const r = await t.anonymous.get('/api/nothing-here');
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ message: 'No such endpoint: GET /api/nothing-here' });
  });

  it('answers malformed JSON with a 400 message', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signInSuperAdmin',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(r.statusCode).toBe(400);
    expect(JSON.parse(r.body).message).toMatch(/JSON/i);
  });
});

describe('pagination and hidden failures', () => {
  it('pages with a 0-based index, reports totals, rejects bad page or size, and never leaks an internal error', async () => {
    const { database, drop } = await openTestDatabase();
    const app = await buildApp(await testConfig(), { database });
    const items = Array.from({ length: 23 }, (_, i) => ({ n: i + 1 }));
    app.withTypeProvider().get(
      '/test/pagination/:page/:size',
      {
        config: { roles: ['ADMIN'] },
        schema: { params: ZPageParams, response: { 200: zPaged(z.object({ n: z.number() })) } },
      },
      async (req) => {
        const p = req.params as z.infer<typeof ZPageParams>;
        return toPaged(items.slice(p.page * p.size, p.page * p.size + p.size), items.length, p);
      },
    );
    app.get('/test/boom', { config: { roles: ['ADMIN'] } }, async () => {
      throw new Error('relation "secret_table" does not exist at SELECT * FROM secret_table');
    });
    await app.ready();
    try {
      const admin = await createUser(app.db, { role: 'admin' });
      const api = caller(
        app,
        await app.tokens.sign({
          sub: String(admin.id),
          userName: admin.username,
          name: admin.name,
          roles: [{ roleName: 'ADMIN', roleDescription: '' }],
        }),
      );
      const last = await api.get('/test/pagination/2/10');
      expect(last.status).toBe(200);
      expect(last.body).toEqual({
        recordCount: 23,
        response: { content: [{ n: 21 }, { n: 22 }, { n: 23 }], totalElements: 23, totalPages: 3, size: 10, number: 2 },
      });
      for (const bad of [
        '/test/pagination/-1/10',
        '/test/pagination/0/0',
        '/test/pagination/x/10',
        '/test/pagination/0/100000',
      ]) {
        const r = await api.get(bad);
        expect(r.status, bad).toBe(400);
        expect(r.json<{ message: string }>().message).toMatch(/params\.(page|size)/);
      }
      const boom = await api.get('/test/boom');
      expect(boom.status).toBe(500);
      expect(boom.text).not.toMatch(/secret_table|SELECT|at /);
    } finally {
      await app.close();
      await drop();
    }
  });
});
