import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { parse } from 'csv-parse/sync';
import { DEFAULT_LEAD_COLUMNS } from '@crm/shared';
import { createCampaign, tokenForRole, useTestApp } from '../../test/harness.ts';
import { query } from '../../test/leads-support.ts';
import { LEAD_REPORT_QUERY, queriesRunning } from '../../test/queries-running.ts';

const t = useTestApp();
let session: string;

beforeAll(async () => {
  session = await tokenForRole(t.app, 'admin');
});

/** `count` generated leads of one date, each with a note of `noteLength` characters, written by the database itself. */
async function insertGeneratedLeads(
  campaignId: number,
  dataDate: string,
  count: number,
  noteLength = 10,
): Promise<void> {
  await t.db
    .insertInto('leads')
    .columns(['campaignId', 'dataDate', 'cellNumber', 'respondentName', 'forD', 'generateStatus', 'fields'])
    .expression(
      sql`
      select ${campaignId}, ${dataDate}::date, '+88019' || lpad(g::text, 8, '0'), 'Respondent ' || g, 'd', 1,
             jsonb_build_object('note', repeat('x', ${noteLength}))
      from generate_series(1, ${count}) g`,
    )
    .execute();
}

describe('a large lead report', () => {
  it('streams every one of 30,000 leads, in upload order', async () => {
    const c = await createCampaign(t.db);
    await t.db
      .insertInto('dataTables')
      .values({ campaignId: c.id, name: 'big', columns: ['note'] })
      .execute();
    await insertGeneratedLeads(c.id, '2024-06-01', 30_000);
    const r = await t.app.inject({
      method: 'GET',
      url: `/api/file/generateCsv?${query({ tableName: c.campaignName, dataDate: '2024-06-01' })}`,
      headers: { authorization: `Bearer ${session}` },
    });
    expect(r.statusCode).toBe(200);
    const [header, ...rows] = parse(r.body, { bom: true }) as string[][];
    expect(header).toEqual([...DEFAULT_LEAD_COLUMNS, 'note']);
    expect(rows).toHaveLength(30_000);
    const ids = rows.map((row) => Number(row[0]));
    expect(ids.every((id, i) => i === 0 || id > (ids[i - 1] ?? 0))).toBe(true);
    expect(rows[29_999]?.[7]).toBe('Respondent 30000');
  });

  it('closes its cursor and frees its database connection when the client goes away mid-download', async () => {
    const c = await createCampaign(t.db);
    await t.db
      .insertInto('dataTables')
      .values({ campaignId: c.id, name: 'fat', columns: ['note'] })
      .execute();
    // ~20 MB of CSV: far more than socket buffers hold, so the server is still streaming when the client leaves.
    await insertGeneratedLeads(c.id, '2024-06-02', 10_000, 2000);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const path = `/api/file/generateCsv?${query({ tableName: c.campaignName, dataDate: '2024-06-02' })}`;

    /** Starts the download, reads its first bytes, then hangs up. */
    const abandonDownload = async (checkInProgress: boolean) => {
      const req = http.get({ host: '127.0.0.1', port, path, headers: { authorization: `Bearer ${session}` } });
      const res = await new Promise<http.IncomingMessage>((resolve, reject) =>
        req.once('response', resolve).once('error', reject),
      );
      expect(res.statusCode).toBe(200);
      await new Promise((resolve) => res.once('data', resolve));
      res.pause();
      if (checkInProgress) await expect.poll(() => queriesRunning(t.db, LEAD_REPORT_QUERY)).toBe(1);
      req.on('error', () => undefined);
      req.destroy();
    };

    await abandonDownload(true);
    await expect.poll(() => queriesRunning(t.db, LEAD_REPORT_QUERY), { timeout: 10_000 }).toBe(0);
    // More abandoned downloads than the pool has connections: had one leaked, the next request would wait forever.
    for (let i = 0; i < 21; i += 1) await abandonDownload(false);
    await expect.poll(() => queriesRunning(t.db, LEAD_REPORT_QUERY), { timeout: 10_000 }).toBe(0);
    const whole = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { authorization: `Bearer ${session}` } });
    expect(whole.status).toBe(200);
    expect((await whole.text()).split('\r\n')).toHaveLength(10_000 + 2); // header, leads, '' after the last CRLF
  });
});
