// The QC record lists paged by key (after / before a row, last, from a call date) and by the older client's page
// numbers (?page= and /{page}/{size}), which must give the same pages; filters and the recording links of a page.
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { TKeysetPaged, TQcClientRecord, TQcRecord } from '@crm/shared';
import { useTestApp, type Caller } from '../../test/harness.ts';
import {
  addClientRecord,
  addRecord,
  clientScorecard,
  qcWorld,
  scorecard,
  type QcWorld,
} from '../../test/qc-support.ts';

const t = useTestApp();
const LIST = '/api/qcReport/getqcreportbyqcinspector';
const CLIENT_LIST = '/api/qcReport/getQcRecordsClientViewByQcInspector';

type Page = TKeysetPaged<TQcRecord>;

async function list(api: Caller, query: string, path = LIST): Promise<Page> {
  const r = await api.get(`${path}${query === '' ? '' : `?${query}`}`);
  expect(r.status, r.text).toBe(200);
  return r.json<Page>();
}
const ids = (page: Page) => page.response.content.map((r) => r.id);
const enc = (cursor: string | null) => encodeURIComponent(cursor ?? 'none');

/** Every page from the first by Next, and every page from the last by Previous. */
async function walk(api: Caller, query: string): Promise<{ forward: number[][]; backward: number[][] }> {
  const forward: number[][] = [];
  let page = await list(api, query);
  forward.push(ids(page));
  while (page.cursors.next !== null) {
    page = await list(api, `${query}&after=${enc(page.cursors.next)}`);
    forward.push(ids(page));
  }
  const backward: number[][] = [];
  page = await list(api, `${query}&last=true`);
  backward.unshift(ids(page));
  while (page.cursors.previous !== null) {
    page = await list(api, `${query}&before=${enc(page.cursors.previous)}`);
    backward.unshift(ids(page));
  }
  return { forward, backward };
}

const DATES = [
  '2026-09-03',
  '2026-09-01',
  '2026-09-04',
  '2026-09-02',
  '2026-09-03',
  '2026-09-01',
  '2026-09-04',
  '2026-09-03',
];

let w: QcWorld;
/** Inspector A's records, newest call first, then newest record (the list's order). */
let mine: TQcRecord[];
let theirs: TQcRecord[];

beforeAll(async () => {
  w = await qcWorld(t);
  const added: TQcRecord[] = [];
  // Dates out of order and repeated, so ties on a date are broken by id and id order is not date order.
  for (const [i, callDate] of [...DATES, ...DATES, '2026-09-02'].entries()) {
    added.push(
      await addRecord(
        w.qcA,
        scorecard(w, {
          callDate,
          consumerNumber: `0171100${String(i).padStart(4, '0')}`,
          ...(i % 4 === 0 ? { agentId: w.otherAgent.username } : {}),
        }),
      ),
    );
  }
  mine = added.sort((a, b) => b.callDate.localeCompare(a.callDate) || b.id - a.id);
  theirs = [];
  for (const callDate of ['2026-09-05', '2026-09-02', '2026-08-30'])
    theirs.push(await addRecord(w.qcB, scorecard(w, { callDate })));
  await addClientRecord(w.qcA, clientScorecard(w, { callDate: '2026-09-02' }));
});

describe('QC record lists by key', () => {
  it('walks every page each way, newest call first and ties by newest record, the pages lined up both ways', async () => {
    const expected = mine.map((r) => r.id);
    for (const size of [1, 3, 7, 17, 50]) {
      const { forward, backward } = await walk(w.qcA, `size=${size}`);
      expect(forward.flat(), `size ${size}`).toEqual(expected);
      expect(backward, `size ${size}`).toEqual(forward);
    }
    const first = await list(w.qcA, 'size=5');
    expect(first.response).toMatchObject({ totalElements: 17, totalPages: 4, number: 0 });
    expect(first.cursors).toEqual({ next: `${mine[4]!.callDate},${mine[4]!.id}`, previous: null });
    const last = await list(w.qcA, 'size=5&last=true');
    expect(last.response).toMatchObject({ number: 3, totalElements: 17 });
    expect(ids(last)).toEqual(expected.slice(15));
  });

  it("an admin walks everyone's records, or one inspector's named in any case; filters by date and search", async () => {
    const everyone = [...mine, ...theirs]
      .sort((a, b) => b.callDate.localeCompare(a.callDate) || b.id - a.id)
      .map((r) => r.id);
    const all = await walk(w.admin, 'size=4');
    // Other test files' records are not in this file's database: the world's records are all there are.
    expect(all.forward.flat()).toEqual(everyone);
    expect(all.backward).toEqual(all.forward);
    const onlyB = await walk(w.admin, `size=2&username=${w.inspectorB.username.toUpperCase()}`);
    expect(onlyB.forward.flat()).toEqual(theirs.map((r) => r.id));
    const oneDay = await walk(w.qcA, 'size=2&date=2026-09-03');
    expect(oneDay.forward.flat()).toEqual(mine.filter((r) => r.callDate === '2026-09-03').map((r) => r.id));
    expect(oneDay.backward).toEqual(oneDay.forward);
    const sabbir = await walk(w.qcA, 'size=2&search=sabbir');
    expect(sabbir.forward.flat()).toEqual(mine.filter((r) => r.agentName === 'Sabbir Hasan').map((r) => r.id));
    expect(sabbir.forward.flat()).toHaveLength(5);
    expect((await list(w.qcA, 'size=2&search=sabbir')).response.totalElements).toBe(5);
    expect((await w.qcB.get(`${LIST}?size=2&username=${w.inspectorA.username}`)).status).toBe(403);
  });

  it("from a call date: the page starts at that date's newest record, or the next older date, or is the last page", async () => {
    const page = await list(w.qcA, 'size=3&from=2026-09-02');
    const onOrBefore = mine.filter((r) => r.callDate <= '2026-09-02');
    expect(ids(page)).toEqual(onOrBefore.slice(0, 3).map((r) => r.id));
    expect(page.response.number).toBe(-1);
    expect(page.cursors.previous).not.toBeNull();
    const before = await list(w.qcA, `size=3&before=${enc(page.cursors.previous)}`);
    expect(ids(before)).toEqual(
      mine
        .filter((r) => r.callDate > '2026-09-02')
        .slice(-3)
        .map((r) => r.id),
    );
    // No record on 2026-09-10: the newest on or before it, which is the very first.
    const future = await list(w.qcA, 'size=3&from=2026-09-10');
    expect(ids(future)).toEqual(mine.slice(0, 3).map((r) => r.id));
    expect(future.cursors.previous).toBeNull();
    // Older than every record: the last page.
    expect(ids(await list(w.qcA, 'size=3&from=2020-01-01'))).toEqual(mine.slice(15).map((r) => r.id));
  });

  it('the next page follows the last row seen, whatever was added meanwhile', async () => {
    const api = await t.as(w.inspectorB);
    const first = await list(api, 'size=2');
    expect(ids(first)).toEqual(theirs.slice(0, 2).map((r) => r.id));
    const newer = await addRecord(api, scorecard(w, { callDate: '2026-09-30' }));
    const sameDay = await addRecord(api, scorecard(w, { callDate: '2026-09-02' }));
    const next = await list(api, `size=2&after=${enc(first.cursors.next)}`);
    expect(ids(next)).toEqual([theirs[2]!.id]);
    expect(next.response.totalElements).toBe(5);
    // The record added on the page's last date is newer (a higher id), so it sorts before the cursor: not repeated.
    expect(ids(await list(api, 'size=10'))).toEqual([
      newer.id,
      theirs[0]!.id,
      sameDay.id,
      theirs[1]!.id,
      theirs[2]!.id,
    ]);
    await t.db.deleteFrom('qcRecords').where('id', 'in', [newer.id, sameDay.id]).execute();
  });

  it("shows each page row's newest recording link, and keeps the kinds apart", async () => {
    const [a, b] = mine;
    await t.db
      .insertInto('qcRecordFiles')
      .values([
        { qcRecordId: a!.id, fileName: 'older.wav' },
        { qcRecordId: a!.id, fileName: 'newer.wav' },
        { qcRecordId: b!.id, fileName: 'only.wav' },
      ])
      .execute();
    const page = await list(w.qcA, 'size=3');
    expect(page.response.content.map((r) => r.fileName)).toEqual(['newer.wav', 'only.wav', null]);
    const client = (await w.qcA.get(`${CLIENT_LIST}?size=10`)).json<TKeysetPaged<TQcClientRecord>>();
    expect(client.response.content).toHaveLength(1);
    expect(client.response.content[0]).toHaveProperty('crmMarks');
    expect(client.cursors).toEqual({ next: null, previous: null });
  });

  it('refuses a cursor that is not a date and an id, and more than one way to a page', async () => {
    for (const query of [
      'after=5',
      'before=2026-02-30,1',
      'from=2026-13-01',
      'after=2026-09-01,1&from=2026-09-01',
      'last=true&before=2026-09-01,1',
    ]) {
      expect((await w.qcA.get(`${LIST}?${query}`)).status, query).toBe(400);
    }
  });
});

describe("the older client's page numbers", () => {
  it('give the same pages by ?page= and /{page}/{size}, from either end, and an empty page past the end', async () => {
    const expected = mine.map((r) => r.id);
    for (const size of [2, 5, 10]) {
      const pages = Math.ceil(expected.length / size);
      for (let page = 0; page <= pages; page += 1) {
        const want = expected.slice(page * size, page * size + size);
        const byQuery = await list(w.qcA, `page=${page}&size=${size}`);
        const byPath = await list(w.qcA, '', `${LIST}/${page}/${size}`);
        expect(ids(byQuery), `page ${page} of ${size}`).toEqual(want);
        expect(ids(byPath), `page ${page} of ${size}`).toEqual(want);
        expect(byPath.response).toMatchObject({ number: page, size, totalElements: 17, totalPages: pages });
        expect(byPath.recordCount).toBe(17);
      }
    }
    // A numbered page's cursors lead on by key.
    const second = await list(w.qcA, '', `${LIST}/1/5`);
    expect(ids(await list(w.qcA, `size=5&after=${enc(second.cursors.next)}`))).toEqual(expected.slice(10, 15));
    expect(ids(await list(w.qcA, `size=5&before=${enc(second.cursors.previous)}`))).toEqual(expected.slice(0, 5));
  });

  it("the client list's /{page}/{size} still answers, with the filters", async () => {
    const r = await w.qcA.get(`${CLIENT_LIST}/0/10?date=2026-09-02`);
    expect(r.status).toBe(200);
    expect(r.json<TKeysetPaged<TQcClientRecord>>().response.totalElements).toBe(1);
  });
});

describe('the totals', () => {
  /** Every counter row that counts something, and the same figures counted from the records. */
  const counters = async () =>
    (
      await sql<{
        key: string;
        n: string;
      }>`select kind || ' ' || inspector_id || ' ' || inspector_name || ' ' || call_date as key, records as n
      from qc_record_counts where records <> 0 order by 1`.execute(t.db)
    ).rows;
  const counted = async () =>
    (
      await sql<{
        key: string;
        n: string;
      }>`select kind || ' ' || coalesce(qc_inspector_id, 0) || ' ' || lower(qc_inspector) || ' ' || call_date as key, count(*) as n
      from qc_records group by 1 order by 1`.execute(t.db)
    ).rows;

  it('come from counters kept exact through adds, changes of day and inspector, and deletes, one or many at a time', async () => {
    expect(await counters()).toEqual(await counted());
    const api = await t.as(w.inspectorB);
    const added = [];
    for (const callDate of ['2026-07-01', '2026-07-01', '2026-07-02', '2026-07-03'])
      added.push(await addRecord(api, scorecard(w, { callDate })));
    await addClientRecord(api, clientScorecard(w, { callDate: '2026-07-01' }));
    expect((await list(api, 'size=2&date=2026-07-01')).response.totalElements).toBe(2);
    expect((await list(w.admin, `size=2&username=${w.inspectorB.username}`)).response.totalElements).toBe(7);
    // One statement moving several records to other days, one handing a record to another inspector.
    await t.db
      .updateTable('qcRecords')
      .set({ callDate: '2026-07-09' })
      .where('id', 'in', [added[0]!.id, added[2]!.id])
      .execute();
    await t.db
      .updateTable('qcRecords')
      .set({ qcInspectorId: w.inspectorA.id, qcInspector: w.inspectorA.username })
      .where('id', '=', added[3]!.id)
      .execute();
    expect(await counters()).toEqual(await counted());
    expect((await list(api, 'size=2&date=2026-07-01')).response.totalElements).toBe(1);
    expect((await list(api, 'size=2&date=2026-07-09')).response.totalElements).toBe(2);
    expect((await list(api, 'size=2')).response.totalElements).toBe(6);
    expect((await api.delete(`/api/qcReport/deleteQc/${added[1]!.id}`)).status).toBe(200);
    await t.db.deleteFrom('qcRecords').where('id', 'in', [added[0]!.id, added[2]!.id, added[3]!.id]).execute();
    expect(await counters()).toEqual(await counted());
    expect((await list(api, 'size=2')).response.totalElements).toBe(theirs.length);
    expect((await list(w.qcA, 'size=2')).response.totalElements).toBe(mine.length);
  });
});
