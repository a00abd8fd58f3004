import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { QC_EXPORTS } from '@crm/shared';
import { createUser, useTestApp, type TestUser } from '../../test/harness.ts';
import { download, insertRecords, query, sessionToken } from '../../test/qc-reports-support.ts';
import { QC_EXPORT_QUERY, queriesRunning } from '../../test/queries-running.ts';

const t = useTestApp();
let inspector: TestUser;
let token: string;

beforeAll(async () => {
  inspector = await createUser(t.db, { role: 'qc' });
  token = await sessionToken(t, inspector);
});

describe('a large records export', () => {
  it('streams every one of 12,000 records (twelve cursor batches), by agent name then scoring order', async () => {
    await insertRecords(t.db, { count: 12_000, callDate: '2026-06-01', inspector, agents: 40 });
    const r = await download(t, `${QC_EXPORTS.inHouse.path}?${query({ date: '2026-06-01' })}`, token);
    expect(r.status).toBe(200);
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(r.bytes), {});
    const agents: string[] = [];
    let rows = 0;
    for await (const sheet of reader) {
      for await (const row of sheet) {
        rows += 1;
        if (rows > 1) agents.push(String(row.getCell(2).value));
        if (rows === 2) expect(row.getCell(23).value).toBe(100);
      }
    }
    expect(rows).toBe(12_001);
    expect(agents[0]).toBe('Agent 000');
    expect(agents.at(-1)).toBe('Agent 039');
    expect(agents.every((a, i) => i === 0 || a >= (agents[i - 1] ?? ''))).toBe(true);
  });

  it('closes its cursor and frees its database connection when the client goes away mid-download', async () => {
    // ~30 MB of XML that compresses poorly: far more than the buffers hold, so the export is still reading when the client leaves.
    await insertRecords(t.db, { count: 40_000, callDate: '2026-06-02', inspector, suggestionLength: 640 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const path = `${QC_EXPORTS.inHouse.path}?${query({ date: '2026-06-02' })}`;

    const req = http.get({ host: '127.0.0.1', port, path, headers: { authorization: `Bearer ${token}` } });
    const res = await new Promise<http.IncomingMessage>((resolve, reject) =>
      req.once('response', resolve).once('error', reject),
    );
    expect(res.statusCode).toBe(200);
    await new Promise((resolve) => res.once('data', resolve));
    res.pause();
    await expect.poll(() => queriesRunning(t.db, QC_EXPORT_QUERY)).toBe(1);
    req.on('error', () => undefined);
    req.destroy();
    await expect.poll(() => queriesRunning(t.db, QC_EXPORT_QUERY), { timeout: 10_000 }).toBe(0);

    // The pool is whole: the next export runs to the end.
    const again = await download(t, `${QC_EXPORTS.inHouse.path}?${query({ date: '2026-06-01' })}`, token);
    expect(again.status).toBe(200);
  });
});
