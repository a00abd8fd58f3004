// The agent's acknowledgement (once, in-house records only), the overdue listing by the campaign's window and the
// caller's scope, the window's settings, and the overdue notice told once per record.
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  QC_RECORDS_MESSAGES,
  type TAcknowledgementSettings,
  type TAgentQcRecord,
  type TAuditHistory,
  type TNotificationList,
  type TQcRecordAcknowledgement,
  type TUnacknowledgedPage,
} from '@crm/shared';
import { useTestApp, type Caller } from '../../test/harness.ts';
import {
  addClientRecord,
  addRecord,
  clientScorecard,
  qcWorld,
  scorecard,
  type QcWorld,
} from '../../test/qc-support.ts';
import { disputableRecord, raise, twoCriteria } from '../../test/disputes-support.ts';
import { notifyOverdueAcknowledgements } from './acknowledgements.ts';

const t = useTestApp();
const DAY = 24 * 3600 * 1000;

/** A record of the world's agent scored by `api`, `daysAgo` days ago. */
async function scoredAgo(w: QcWorld, api: Caller, daysAgo: number, agentId = w.agent.username): Promise<number> {
  const { id } = await addRecord(api, scorecard(w, { agentId }));
  await sql`update qc_records set created_at = now() - make_interval(days => ${daysAgo}) where id = ${id}`.execute(
    t.db,
  );
  return id;
}

async function overdue(api: Caller, query = ''): Promise<TUnacknowledgedPage> {
  const r = await api.get(`/api/qc-records/unacknowledged${query}`);
  expect(r.status, r.text).toBe(200);
  return r.json<TUnacknowledgedPage>();
}
const idsOf = (page: TUnacknowledgedPage) => page.response.content.map((r) => r.qcRecordId);

async function setWindow(w: QcWorld, days: number): Promise<TAcknowledgementSettings> {
  const r = await w.admin.put(`/api/qc-records/settings?campaignName=${encodeURIComponent(w.campaign)}`, {
    acknowledgementWindowDays: days,
  });
  expect(r.status, r.text).toBe(200);
  return r.json<TAcknowledgementSettings>();
}

describe('POST /api/qc-records/{id}/acknowledge', () => {
  it('answers 401 without a session and 403 to inspectors, admins, other agents and on a client record', async () => {
    const w = await qcWorld(t);
    const record = await addRecord(w.qcA, scorecard(w));
    const url = `/api/qc-records/${record.id}/acknowledge`;
    expect((await t.anonymous.post(url, {})).status).toBe(401);
    expect((await w.qcA.post(url, {})).status).toBe(403);
    expect((await w.admin.post(url, {})).status).toBe(403);
    const other = await w.otherAgentApi.post(url, {});
    expect(other.status).toBe(403);
    expect(other.body).toEqual({ message: QC_RECORDS_MESSAGES.agentsOnly });
    const client = await addClientRecord(w.qcA, clientScorecard(w));
    const onClient = await w.agentApi.post(`/api/qc-records/${client.id}/acknowledge`, {});
    expect(onClient.status).toBe(403);
    expect(onClient.body).toEqual({ message: QC_RECORDS_MESSAGES.notInHouse });
    expect((await w.agentApi.post('/api/qc-records/999999/acknowledge', {})).status).toBe(404);
    expect(await t.db.selectFrom('qcRecordAcknowledgements').selectAll().execute()).toEqual([]);
  });

  it('stores the sign-off with its time and comment once; a second is 409; the QC Review shows it', async () => {
    const w = await qcWorld(t);
    const record = await addRecord(w.qcA, scorecard(w));
    const url = `/api/qc-records/${record.id}/acknowledge`;
    const before = Date.now();
    const first = await w.agentApi.post(url, { comment: '  Understood, I will greet first  ' });
    expect(first.status, first.text).toBe(200);
    const ack = first.json<TQcRecordAcknowledgement>();
    expect(ack).toMatchObject({ qcRecordId: record.id, comment: 'Understood, I will greet first' });
    expect(Date.parse(ack.acknowledgedAt)).toBeGreaterThanOrEqual(before - 1000);

    const again = await w.agentApi.post(url, {});
    expect(again.status).toBe(409);
    expect(again.json<{ message: string }>().message).toMatch(
      /^You already acknowledged this QC record on \d{4}-\d{2}-\d{2}$/,
    );

    const [listed] = (await w.agentApi.get('/api/qcReport/list-of-qc-records-by-agent-id')).json<TAgentQcRecord[]>();
    expect(listed).toMatchObject({
      id: record.id,
      acknowledgedAt: ack.acknowledgedAt,
      acknowledgementComment: 'Understood, I will greet first',
    });
    const history = (await w.admin.get(`/api/audit/qcRecord/${record.id}`)).json<TAuditHistory>();
    expect(history.at(-1)).toMatchObject({ objectType: 'review', action: 'create', changes: { note: 'acknowledged' } });
  });
});

describe('GET /api/qc-records/unacknowledged', () => {
  it('answers 401 without a session and 403 to agents', async () => {
    const w = await qcWorld(t);
    expect((await t.anonymous.get('/api/qc-records/unacknowledged')).status).toBe(401);
    expect((await w.agentApi.get('/api/qc-records/unacknowledged')).status).toBe(403);
  });

  it("lists the records past the campaign's window, not acknowledged, reviewed or disputed, most recently due first", async () => {
    const w = await qcWorld(t);
    const fourDays = await scoredAgo(w, w.qcA, 4);
    const sixDays = await scoredAgo(w, w.qcA, 6);
    const twoDays = await scoredAgo(w, w.qcA, 2);
    const acknowledged = await scoredAgo(w, w.qcA, 5);
    expect((await w.agentApi.post(`/api/qc-records/${acknowledged}/acknowledge`, {})).status).toBe(200);
    const disputed = await disputableRecord(w);
    await raise(w.agentApi, twoCriteria(disputed.id));
    await sql`update qc_records set created_at = now() - interval '5 days' where id = ${disputed.id}`.execute(t.db);

    // The default window: 3 days.
    const page = await overdue(w.qcA);
    expect(idsOf(page)).toEqual([fourDays, sixDays]);
    expect(page.recordCount).toBe(2);
    const [first] = page.response.content;
    expect(first).toMatchObject({
      qcRecordId: fourDays,
      callDate: '2026-11-20',
      agentId: w.agent.username,
      agentName: 'Rina Akter',
      campaignName: w.campaign,
      total: 100,
      grade: 'Exceed Expectation',
      daysOverdue: 1,
    });
    expect(Date.parse(first!.dueAt) - Date.parse(first!.scoredAt)).toBe(3 * DAY);
    expect(page.response.content[1]?.daysOverdue).toBe(3);

    // The campaign's own window moves the line both ways.
    await setWindow(w, 5);
    expect(idsOf(await overdue(w.qcA))).toEqual([sixDays]);
    await setWindow(w, 1);
    const wide = await overdue(w.qcA);
    expect(idsOf(wide)).toEqual([twoDays, fourDays, sixDays]);
    expect(Date.parse(wide.response.content[0]!.dueAt) - Date.parse(wide.response.content[0]!.scoredAt)).toBe(DAY);

    // Paged.
    const second = await overdue(w.qcA, '?page=1&size=2');
    expect(idsOf(second)).toEqual([sixDays]);
    expect(second.response).toMatchObject({ totalElements: 3, totalPages: 2, size: 2, number: 1 });
  });

  it('gives an inspector the records it scored and an admin all of them', async () => {
    const w = await qcWorld(t);
    const ofA = await scoredAgo(w, w.qcA, 4);
    const ofB = await scoredAgo(w, w.qcB, 5, w.otherAgent.username);
    expect(idsOf(await overdue(w.qcA))).toEqual([ofA]);
    expect(idsOf(await overdue(w.qcB))).toEqual([ofB]);
    const all = idsOf(await overdue(w.admin, '?size=500'));
    expect(all).toEqual(expect.arrayContaining([ofA, ofB]));
    expect(all.indexOf(ofA)).toBeLessThan(all.indexOf(ofB));
  });
});

describe('the overdue notice', () => {
  it("tells each overdue record's inspector once, and not of records still in their window", async () => {
    const w = await qcWorld(t);
    const late = await scoredAgo(w, w.qcA, 4);
    const fresh = await scoredAgo(w, w.qcA, 1);
    await notifyOverdueAcknowledgements(t.db);
    const noticed = async () =>
      (await t.db.selectFrom('qcAcknowledgementOverdueNotices').select('qcRecordId').execute()).map(
        (r) => r.qcRecordId,
      );
    expect(await noticed()).toContain(late);
    expect(await noticed()).not.toContain(fresh);
    // The inspector reads it among their notifications; the agent and the other inspector are told nothing.
    const told = async (api: Caller) =>
      (await api.get('/api/notifications'))
        .json<TNotificationList>()
        .items.filter((n) => n.kind === 'acknowledgement-overdue');
    expect(await told(w.qcA)).toEqual([
      expect.objectContaining({
        title: QC_RECORDS_MESSAGES.overdueTitle('Rina Akter', '2026-11-20'),
        link: `/qc-acknowledgements?state=overdue&agentId=${w.agent.username}`,
        readAt: null,
      }),
    ]);
    expect(await told(w.qcB)).toEqual([]);
    expect(await told(w.agentApi)).toEqual([]);
    const notifiedAt = await t.db
      .selectFrom('qcAcknowledgementOverdueNotices')
      .select('notifiedAt')
      .where('qcRecordId', '=', late)
      .executeTakeFirstOrThrow();
    // Once: a later check tells nobody again, and keeps the first notice.
    expect(await notifyOverdueAcknowledgements(t.db)).toBe(0);
    expect(
      await t.db
        .selectFrom('qcAcknowledgementOverdueNotices')
        .select('notifiedAt')
        .where('qcRecordId', '=', late)
        .executeTakeFirstOrThrow(),
    ).toEqual(notifiedAt);
    // Three days on, the fresh one is due too (and the other tests' records of this database).
    expect(await notifyOverdueAcknowledgements(t.db, new Date(Date.now() + 3 * DAY))).toBeGreaterThanOrEqual(1);
    expect(await noticed()).toContain(fresh);
    const link = `/qc-acknowledgements?state=overdue&agentId=${w.agent.username}`;
    expect((await told(w.qcA)).map((n) => n.link)).toEqual([link, link]);
  });
});

describe('the acknowledgement window settings', () => {
  it('answers 403 to everyone but admins, 404 for an unknown campaign, 400 for a window out of range', async () => {
    const w = await qcWorld(t);
    const url = `/api/qc-records/settings?campaignName=${encodeURIComponent(w.campaign)}`;
    expect((await t.anonymous.get(url)).status).toBe(401);
    expect((await w.qcA.get(url)).status).toBe(403);
    expect((await w.agentApi.get(url)).status).toBe(403);
    expect((await w.qcA.put(url, { acknowledgementWindowDays: 5 })).status).toBe(403);
    expect((await w.admin.get('/api/qc-records/settings?campaignName=Nowhere')).status).toBe(404);
    expect((await w.admin.put(url, { acknowledgementWindowDays: 0 })).status).toBe(400);
    expect((await w.admin.put(url, { acknowledgementWindowDays: 61 })).status).toBe(400);
    expect((await w.admin.get('/api/qc-records/settings')).status).toBe(400);
  });

  it("keeps a campaign's window (3 days until set), who set it and when; audited", async () => {
    const w = await qcWorld(t);
    const url = `/api/qc-records/settings?campaignName=${encodeURIComponent(w.campaign)}`;
    expect((await w.admin.get(url)).json()).toEqual({
      campaignName: w.campaign,
      acknowledgementWindowDays: 3,
      isDefault: true,
      updatedAt: null,
      updatedBy: null,
    });
    const saved = await setWindow(w, 5);
    expect(saved).toMatchObject({ acknowledgementWindowDays: 5, isDefault: false });
    expect(saved.updatedBy).toMatch(/^admin/);
    expect(Date.parse(saved.updatedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect((await w.admin.get(url)).json()).toEqual(saved);
    const log = await t.db
      .selectFrom('auditLog')
      .select(['action', 'objectId', 'changes'])
      .where('objectType', '=', 'qcSettings')
      .where('objectId', '=', w.campaign)
      .execute();
    expect(log).toEqual([
      {
        action: 'update',
        objectId: w.campaign,
        changes: {
          before: { acknowledgementWindowDays: 3 },
          after: { acknowledgementWindowDays: 5 },
          note: 'acknowledgement window',
        },
      },
    ]);
  });
});
