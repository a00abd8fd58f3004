// JSON bodies that are not what a route takes — null, an array for an object (and back), a wrongly typed field, a
// huge or negative number, a NUL character, an over-size body — on the POST/PUT routes of every area: each is a 400
// (413 for the size) whose message names the field, and every table is checksum-identical afterwards. Extra fields
// on an otherwise valid body are accepted and ignored: the cases below prove none of them is stored.
import { beforeAll, describe, expect, it } from 'vitest';
import { type TAgent, type TCampaign, type TQuestion } from '@crm/shared';
import { createCampaign, createUser, sessionTokenFor, useTestApp, type Reply, type TestUser } from '../test/harness.ts';
import { changedTables, checksumTables } from '../test/table-checksums.ts';
import { addLead, panelCampaign, saveUrl } from '../test/crm-support.ts';
import { agentBody } from '../test/agents-support.ts';
import { addRecord, qcWorld, scorecard, type QcWorld } from '../test/qc-support.ts';
import { MAX_DB_INTEGER } from './refused-values.ts';

const t = useTestApp();

type Method = 'POST' | 'PUT';
type Send = (value: unknown, raw?: string) => Promise<Reply>;

async function tokenOf(user: TestUser, campaign?: string): Promise<string> {
  return sessionTokenFor(t.app, user, { campaign });
}

/** A route called with any JSON value as its body (or a raw string), as `token`'s user. */
function route(method: Method, url: () => string, token: () => string): Send {
  return async (value, raw) => {
    const res = await t.app.inject({
      method,
      url: url(),
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token()}` },
      payload: raw ?? JSON.stringify(value),
    });
    const isJson = String(res.headers['content-type'] ?? '').includes('application/json');
    const parsed: unknown = isJson && res.body ? JSON.parse(res.body) : res.body;
    return { status: res.statusCode, body: parsed, headers: res.headers, text: res.body, json: <T>() => parsed as T };
  };
}

/** Sends, expects `status` and a message matching `field`, and that no table changed. */
async function refused(send: Send, value: unknown, field: RegExp, status = 400, raw?: string): Promise<void> {
  const label = raw === undefined ? JSON.stringify(value)?.slice(0, 120) : `${raw.length} raw bytes`;
  const before = await checksumTables(t.db);
  const r = await send(value, raw);
  expect(r.status, `${label} → ${r.text.slice(0, 300)}`).toBe(status);
  expect(r.json<{ message: string }>().message, label).toMatch(field);
  expect(changedTables(before, await checksumTables(t.db)), label).toEqual([]);
}

// ---- the world: an admin, a campaign with a survey and a generated lead, an agent in it, QC records and a review

let adminToken: string;
let agentToken: string;
let qcToken: string;
let w: QcWorld;
let campaign: TCampaign;
let agent: TAgent;
let question: TQuestion;
let surveyCampaign: string;
let leadId: number;
let recordId: number;
let reviewId: number;
const CELL = '01712345678';

beforeAll(async () => {
  const adminUser = await createUser(t.db, { role: 'admin' });
  adminToken = await tokenOf(adminUser);
  const p = await panelCampaign(t);
  surveyCampaign = p.name;
  question = p.questions[0] as TQuestion;
  leadId = await addLead(t, p.id, '+8801712345678');
  agentToken = await tokenOf(await createUser(t.db, { role: 'agent' }), p.name);
  campaign = (
    await p.admin.post('/cc/addCampaign', {
      campaignType: 'Outbound',
      campaignName: 'JSON Survey',
      campaignId: 'JS-1',
      callTarget: 10,
    })
  ).json<TCampaign>();
  agent = (await p.admin.post('/api/ac/addAgent', agentBody())).json<TAgent>();
  w = await qcWorld(t);
  qcToken = await tokenOf(w.inspectorA);
  recordId = (await addRecord(w.qcA, scorecard(w))).id;
  const review = await w.agentApi.post('/api/qcReport/submit', {
    qcId: recordId,
    agreed: 'No',
    raiseConcern: true,
    comment: 'Not me',
  });
  expect(review.status, review.text).toBe(200);
  reviewId = review.json<{ id: number }>().id;
});

const asAdmin = () => adminToken;
const at = (path: string) => () => path;
const campaignBody = () => ({
  id: campaign.id,
  campaignType: 'Outbound',
  campaignName: 'JSON Survey',
  campaignId: 'JS-1',
  callTarget: 10,
});
const agentEdit = () => ({ ...agentBody({ agentId: agent.agentId }), id: agent.id, status: true, password: '' });
const questionEdit = () => ({
  id: question.id,
  title: question.title,
  type: question.type,
  options: question.options,
  status: true,
});
const rule = () => ({ questionId: question.id, optionTitle: 'Yes', questionNoToShow: null, isCompletedCall: 1 });
const qcEdit = () => ({ ...scorecard(w), id: recordId });
const generateUrl = () => `/dynamic/updateData?tableName=${encodeURIComponent(surveyCampaign)}&dataDate=2026-11-20`;

/** [route, send, a valid body, wrong fields: [patch, the field the message must name]]. */
type Patch = Record<string, unknown> | (() => Record<string, unknown>);
/** What a body of another shape gets, when not the usual "body: …" 400: another message, or 'accepted' by contract. */
type ShapeRule = (shape: unknown) => RegExp | 'accepted' | undefined;
type RouteCase = [
  name: string,
  send: () => Send,
  valid: () => object,
  wrong: [patch: Patch, field: RegExp][],
  shapes?: ShapeRule,
];

const HUGE = 1e308;
const BEYOND_INT = MAX_DB_INTEGER + 1;

const OBJECT_ROUTES: RouteCase[] = [
  [
    'POST /cc/addCampaign',
    () => route('POST', at('/cc/addCampaign'), asAdmin),
    () => ({ ...campaignBody(), id: undefined, campaignName: 'New', campaignId: 'N-1' }),
    [
      [{ campaignType: 5 }, /body\.campaignType: campaignType must be Inbound or Outbound/],
      [{ campaignName: 123 }, /body\.campaignName/],
      [{ campaignName: { $gt: '' } }, /body\.campaignName/],
      [{ callTarget: 'ten' }, /body\.callTarget/],
      [{ callTarget: HUGE }, /body\.callTarget/],
      [{ callTarget: BEYOND_INT }, /body\.callTarget: the number is too large/],
      [{ callTarget: -1 }, /body\.callTarget: callTarget must be 0 or more/],
      [{ status: 'maybe' }, /body\.status/],
      [
        { campaignName: 'a\u0000b' },
        /body\.campaignName: campaignName must not contain line breaks, tabs, other control characters/,
      ],
    ],
  ],
  [
    'PUT /cc/updateCampaign',
    () => route('PUT', at('/cc/updateCampaign'), asAdmin),
    campaignBody,
    [
      [{ id: -1 }, /body\.id/],
      [{ id: '1' }, /body\.id/],
      [{ id: 1.5 }, /body\.id/],
      [{ id: HUGE }, /body\.id/],
      [{ id: BEYOND_INT }, /body\.id: the number is too large/],
      [{ campaignType: ['Inbound'] }, /body\.campaignType/],
    ],
  ],
  [
    'POST /api/ac/addAgent',
    () => route('POST', at('/api/ac/addAgent'), asAdmin),
    () => agentBody(),
    [
      [{ type: 'Admin' }, /body\.type: type must be Physical or Virtual/],
      [{ name: ['Rahim'] }, /body\.name/],
      [{ password: 12345678 }, /body\.password/],
      [{ joiningDate: '2024-02-30' }, /body\.joiningDate/],
      [{ email: 'not-an-email' }, /body\.email/],
      [{ agentId: 'has space' }, /body\.agentId: agentId must not contain spaces/],
    ],
  ],
  [
    'PUT /api/ac/editAgent',
    () => route('PUT', at('/api/ac/editAgent'), asAdmin),
    agentEdit,
    [
      [{ id: -5 }, /body\.id/],
      [{ id: BEYOND_INT }, /body\.id: the number is too large/],
      [{ status: 'yes' }, /body\.status/],
      [{ cellNumber: 1712345678 }, /body\.cellNumber/],
    ],
  ],
  [
    'PUT /questions/updateQuestion',
    () => route('PUT', at('/questions/updateQuestion'), asAdmin),
    questionEdit,
    [
      [{ id: -1 }, /body\.id/],
      [{ id: BEYOND_INT }, /body\.id: the number is too large/],
      [{ type: 'Radio' }, /body\.type: type must be one of/],
      [{ status: 'active' }, /body\.status/],
      [{ options: ['Yes', 'No'] }, /body\.options/],
      [{ confirm: 'yes' }, /body\.confirm/],
    ],
  ],
  [
    'PUT /api/logic/updateLogic',
    () => route('PUT', at('/api/logic/updateLogic'), asAdmin),
    () => ({ questionId: question.id, rules: [rule()] }),
    [
      [{ questionId: -1 }, /body\.questionId/],
      [{ rules: 'none' }, /body\.rules/],
      [() => ({ rules: [{ ...rule(), isCompletedCall: 2 }] }), /body\.rules\.0\.isCompletedCall/],
    ],
    (shape) => (Array.isArray(shape) && shape.length > 0 ? 'accepted' : undefined),
  ], // a bare list of rules is the older client's form
  [
    'POST /dynamic/updateData (generate targets)',
    () => route('POST', generateUrl, asAdmin),
    () => ({ '': 1 }),
    [
      [{ '': -1 }, /body\.: a target cannot be negative|body: .*target/],
      [{ '': 'ten' }, /target must be a whole number/],
      [{ '': HUGE }, /target/],
      [{ '': { n: 1 } }, /target must be a whole number/],
    ],
    (shape) => (shape === null ? /^Enter a target for at least one selector/ : undefined),
  ], // null: no targets, as with the body left out
  [
    'PUT /dynamic/updateLeadData/{t}/{cell} (survey save)',
    () =>
      route(
        'PUT',
        () => saveUrl(surveyCampaign, CELL, leadId),
        () => agentToken,
      ),
    () => ({ Q1: 'Yes' }),
    [
      [{ Q1: { a: 1 } }, /Q1: the answer must be text/],
      [{ Q1: ['Yes'] }, /Q1/],
      [{ is_called: 5 }, /is_called must be 0 or 1/],
      [{ Q3: HUGE }, /Q3/],
      [{ Q4: 'a\u0000b' }, /body\.Q4: text may not contain a NUL character/],
    ],
  ],
  [
    'POST /api/qcReport/add',
    () => route('POST', at('/api/qcReport/add'), () => qcToken),
    () => scorecard(w),
    [
      [{ greetings: 7 }, /body\.greetings: Greetings must be one of/],
      [{ greetings: '1e5' }, /body\.greetings/],
      [{ callDate: '2026-13-45' }, /body\.callDate: callDate must be a date/],
      [{ consumerNumber: {} }, /body\.consumerNumber/],
      [{ duration: -5 }, /body\.duration: duration must be whole seconds/],
      [{ duration: HUGE }, /body\.duration/],
      [{ agentId: 5 }, /body\.agentId/],
      [{ suggestion: 'x'.repeat(2001) }, /body\.suggestion: suggestion can be at most 2000 characters/],
    ],
  ],
  [
    'PUT /api/qcReport/editqc',
    () => route('PUT', at('/api/qcReport/editqc'), () => qcToken),
    qcEdit,
    [
      [{ id: -1 }, /body\.id: id must be a record id/],
      [{ id: BEYOND_INT }, /body\.id: the number is too large/],
      [{ crm: 15 }, /body\.crm/],
      [{ suggestion: 5 }, /body\.suggestion/],
    ],
  ],
  [
    'POST /api/qcReport/add-qc-report-file',
    () => route('POST', at('/api/qcReport/add-qc-report-file'), () => qcToken),
    () => ({ qcReport: { id: recordId }, fileName: 'call.wav' }),
    [
      [{ qcReport: 5 }, /body\.qcReport/],
      [{ qcReport: { id: 'x' } }, /body\.qcReport\.id/],
      [{ qcReport: { id: BEYOND_INT } }, /body\.qcReport\.id: the number is too large/],
      [{ fileName: 5 }, /body\.fileName/],
    ],
  ],
  [
    'POST /api/qcReport/submit (agent review)',
    () => route('POST', at('/api/qcReport/submit'), () => agentToken),
    () => ({ qcId: recordId, agreed: 'Yes', raiseConcern: false, comment: '' }),
    [
      [{ qcId: -1 }, /body\.qcId/],
      [{ qcId: BEYOND_INT }, /body\.qcId: the number is too large/],
      [{ agreed: 'Maybe' }, /body\.agreed: agreed must be Yes or No/],
      [{ raiseConcern: 'yes' }, /body\.raiseConcern/],
      [{ comment: {} }, /body\.comment/],
    ],
  ],
  [
    'PUT /api/qcReport/agent-review/{id} (resolve)',
    () =>
      route(
        'PUT',
        () => `/api/qcReport/agent-review/${reviewId}`,
        () => qcToken,
      ),
    () => ({ isResolved: true, resolvedMessage: 'Checked the call' }),
    [
      [{ isResolved: false }, /body\.isResolved: isResolved must be true/],
      [{ isResolved: 'true' }, /body\.isResolved/],
      [{ resolvedMessage: '' }, /body\.resolvedMessage/],
      [{ resolvedMessage: null }, /body\.resolvedMessage/],
    ],
  ],
  [
    'POST /api/users',
    () => route('POST', at('/api/users'), asAdmin),
    () => ({ username: 'qc-json-1', name: 'QC One', password: 'long-enough-1' }),
    [
      [{ role: 'ADMIN' }, /body\.role: role must be QC/],
      [{ username: 'has space' }, /body\.username/],
      [{ password: 'short' }, /body\.password: password must be at least 8 characters/],
      [{ name: 5 }, /body\.name/],
    ],
  ],
  [
    'PUT /api/users/{id}',
    () => route('PUT', () => `/api/users/${w.inspectorB.id}`, asAdmin),
    () => ({ name: 'Renamed' }),
    [
      [{ active: 'no' }, /body\.active: active must be true or false/],
      [{ password: 5 }, /body\.password/],
      [{ name: '' }, /body\.name: name must not be empty/],
    ],
  ],
  [
    'POST /dt/addDataTables',
    () => route('POST', at('/dt/addDataTables'), asAdmin),
    () => ({ campaignName: campaign.campaignName, numberOfField: 1, columns: ['shop'] }),
    [
      [{ numberOfField: 'two' }, /body\.numberOfField/],
      [{ numberOfField: HUGE }, /body\.numberOfField/],
      [{ columns: 'a,b' }, /body\.columns/],
      [{ columns: [5] }, /body\.columns\.0/],
    ],
  ],
];

/** Routes whose body is a list. */
const LIST_ROUTES: RouteCase[] = [
  [
    'POST /questions/add',
    () => route('POST', at('/questions/add'), asAdmin),
    () => [{ campaignId: surveyCampaign, title: 'New question', type: 'Number' }],
    [
      [{ type: 'Radio' }, /Question 1: type must be one of/],
      [{ title: 5 }, /Question 1: title/],
      [{ options: ['a', 'b'] }, /Question 1: options/],
      [{ campaignId: null }, /Question 1: campaignId/],
    ],
  ],
  [
    'POST /api/logic/setLogics',
    () => route('POST', at('/api/logic/setLogics'), asAdmin),
    () => [{ ...rule(), questionId: question.id }],
    [
      [{ questionId: 'x' }, /body\.0\.questionId/],
      [{ questionNoToShow: -3 }, /body\.0\.questionNoToShow/],
      [{ isCompletedCall: 2 }, /body\.0\.isCompletedCall/],
      [{ questionId: BEYOND_INT }, /body\.0\.questionId: the number is too large/],
    ],
  ],
];

/** The valid body with one field changed (in the first row of a list). */
function patched(valid: object, patchOrMake: Patch): unknown {
  const patch = typeof patchOrMake === 'function' ? patchOrMake() : patchOrMake;
  return Array.isArray(valid) ? [{ ...(valid[0] as object), ...patch }, ...valid.slice(1)] : { ...valid, ...patch };
}

describe('a body of the wrong shape or with a wrongly typed field: 400 naming the field, nothing changed', () => {
  it.each(OBJECT_ROUTES)('%s', async (_name, send, valid, wrong, shapes) => {
    const call = send();
    for (const shape of [null, [], [valid()], 'text', 42, true]) {
      const rule = shapes?.(shape) ?? /^body\b/;
      if (rule !== 'accepted') await refused(call, shape, rule);
    }
    for (const [patch, field] of wrong) await refused(call, patched(valid(), patch), field);
  });

  it.each(LIST_ROUTES)('%s', async (_name, send, valid, wrong) => {
    const call = send();
    const first = (valid() as object[])[0];
    for (const shape of [null, {}, first, 'text', 42]) await refused(call, shape, /^body\b|a list of/);
    for (const [patch, field] of wrong) await refused(call, patched(valid(), patch), field);
  });

  it('negative and huge ids in the path and query: 400 naming them', async () => {
    const admin = route('PUT', at('/api/users/-1'), asAdmin);
    await refused(admin, { name: 'x' }, /params\.id/);
    await refused(
      route('PUT', at(`/api/users/${BEYOND_INT}`), asAdmin),
      { name: 'x' },
      /params\.id: the number is too large/,
    );
    await refused(
      route('PUT', at('/api/qcReport/agent-review/-7'), () => qcToken),
      { isResolved: true, resolvedMessage: 'x' },
      /params\.id/,
    );
    await refused(
      route('PUT', at(`/api/qcReport/agent-review/${BEYOND_INT}`), () => qcToken),
      { isResolved: true, resolvedMessage: 'x' },
      /params\.id: the number is too large/,
    );
    await refused(
      route(
        'PUT',
        () => saveUrl(surveyCampaign, CELL, -1),
        () => agentToken,
      ),
      { Q1: 'Yes' },
      /querystring\.leadId/,
    );
    await refused(
      route(
        'PUT',
        () => `${saveUrl(surveyCampaign, CELL)}?leadId=99999999999999999999`,
        () => agentToken,
      ),
      { Q1: 'Yes' },
      /querystring\.leadId/,
    );
  });

  it('a body that is not JSON, or over 1 MB: 400 / 413 saying so', async () => {
    const addCampaign = route('POST', at('/cc/addCampaign'), asAdmin);
    await refused(addCampaign, undefined, /JSON/, 400, '{"campaignName": "x",');
    await refused(
      addCampaign,
      undefined,
      /too large/,
      413,
      JSON.stringify({ ...campaignBody(), campaignName: 'x'.repeat(1_100_000) }),
    );
  });
});

describe('extra fields on a valid body: accepted and ignored, none stored', () => {
  it("campaign: an id, a question counter and a creation time of the client's are not taken", async () => {
    const r = await route(
      'POST',
      at('/cc/addCampaign'),
      asAdmin,
    )({
      campaignType: 'Inbound',
      campaignName: 'Extra Fields',
      campaignId: 'EF-1',
      id: 999_999,
      nextQno: 500,
      createdAt: '1999-01-01T00:00:00Z',
      createAt: '1999-01-01',
    });
    expect(r.status, r.text).toBe(200);
    const stored = await t.db
      .selectFrom('campaigns')
      .selectAll()
      .where('campaignName', '=', 'Extra Fields')
      .executeTakeFirstOrThrow();
    expect(stored.id).not.toBe(999_999);
    expect(stored.nextQno).toBe(1);
    expect(stored.createdAt.getFullYear()).toBeGreaterThan(2000);
  });

  it("agent: a role, a password hash and a user id of the client's are not taken", async () => {
    const body = { ...agentBody(), role: 'admin', passwordHash: 'scrypt$forged', userId: 1, active: false };
    const r = await route('POST', at('/api/ac/addAgent'), asAdmin)(body);
    expect(r.status, r.text).toBe(200);
    const user = await t.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', body.agentId)
      .executeTakeFirstOrThrow();
    expect({ role: user.role, active: user.active, forged: user.passwordHash === 'scrypt$forged' }).toEqual({
      role: 'agent',
      active: true,
      forged: false,
    });
    expect(user.id).not.toBe(1);
  });

  it("QC inspector account: activity and a hash of the client's are not taken", async () => {
    const r = await route(
      'POST',
      at('/api/users'),
      asAdmin,
    )({
      username: 'qc-extra',
      name: 'QC Extra',
      password: 'long-enough-1',
      active: false,
      passwordHash: 'forged',
      id: 1,
    });
    expect(r.status, r.text).toBe(200);
    const user = await t.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', 'qc-extra')
      .executeTakeFirstOrThrow();
    expect({ role: user.role, active: user.active, forged: user.passwordHash === 'forged' }).toEqual({
      role: 'qc',
      active: true,
      forged: false,
    });
  });

  it("question: a number, a status and a campaign of the client's are not taken on add or update", async () => {
    const other = await createCampaign(t.db);
    const add = await route(
      'POST',
      at('/questions/add'),
      asAdmin,
    )([{ campaignId: surveyCampaign, title: 'Extra', type: 'Number', qno: 'Q999', status: false, id: 1 }]);
    expect(add.status, add.text).toBe(200);
    const [created] = add.json<TQuestion[]>();
    expect(created).toMatchObject({ status: true, campaignId: surveyCampaign });
    expect(created?.qno).not.toBe('Q999');
    const update = await route(
      'PUT',
      at('/questions/updateQuestion'),
      asAdmin,
    )({ id: created?.id, title: 'Extra', type: 'Number', status: true, campaignId: other.campaignName, qno: 'Q1' });
    expect(update.status, update.text).toBe(200);
    expect(update.json<TQuestion>()).toMatchObject({ campaignId: surveyCampaign, qno: created?.qno });
  });

  it("QC record: a total, a grade, an inspector, an agent name and a kind of the client's are not taken", async () => {
    const r = await route(
      'POST',
      at('/api/qcReport/add'),
      () => qcToken,
    )({
      ...scorecard(w, { fatal: -100 }),
      total: 100,
      agentGrade: 'Exceed Expectation',
      qcInspector: 'someone-else',
      agentName: 'Forged Name',
      kind: 'client',
      id: 1,
    });
    expect(r.status, r.text).toBe(200);
    const stored = await t.db
      .selectFrom('qcRecords')
      .selectAll()
      .where('id', '=', r.json<{ id: number }>().id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      kind: 'in-house',
      total: 0,
      agentGrade: 'Below Expectation',
      qcInspector: w.inspectorA.username,
      agentName: w.agent.name,
    });
  });

  it("agent review: a reviewer, a resolution and a record's figures of the client's are not taken", async () => {
    const record = await addRecord(w.qcA, scorecard(w, { callDate: '2026-11-21' }));
    const agentOfRecord = await tokenOf(w.agent, w.campaign);
    const r = await route(
      'POST',
      at('/api/qcReport/submit'),
      () => agentOfRecord,
    )({
      qcId: record.id,
      agreed: 'Yes',
      agentUserId: w.otherAgent.id,
      isResolved: true,
      resolvedMessage: 'forged',
      total: 0,
      qcInspector: 'forged',
    });
    expect(r.status, r.text).toBe(200);
    const stored = await t.db
      .selectFrom('agentReviews')
      .selectAll()
      .where('qcId', '=', record.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ agentUserId: w.agent.id, isResolved: false, resolvedMessage: null });
    expect(
      await t.db
        .selectFrom('qcRecords')
        .select(['total', 'qcInspector'])
        .where('id', '=', record.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ total: 100, qcInspector: w.inspectorA.username });
  });

  it('survey save: lead columns and unknown questions in the body are listed as ignored and not written', async () => {
    const before = await t.db
      .selectFrom('leads')
      .selectAll()
      .where('id', '=', String(leadId))
      .executeTakeFirstOrThrow();
    const r = await route(
      'PUT',
      () => saveUrl(surveyCampaign, CELL, leadId),
      () => agentToken,
    )({
      Q1: 'Yes',
      id: 5,
      campaign_id: 1,
      cell_number: '+8801999999999',
      generate_status: 9,
      respondent_name: 'Forged',
      Q999: 'x',
    });
    expect(r.status, r.text).toBe(200);
    expect([...r.json<{ ignored: string[] }>().ignored].sort()).toEqual([
      'Q999',
      'campaign_id',
      'cell_number',
      'generate_status',
      'id',
      'respondent_name',
    ]);
    const after = await t.db.selectFrom('leads').selectAll().where('id', '=', String(leadId)).executeTakeFirstOrThrow();
    // Only the answers change, and the version every save raises.
    expect({ ...after, answers: before.answers, version: before.version }).toEqual(before);
    expect(after.answers).toEqual({ ...before.answers, Q1: 'Yes' });
    expect(after.version).toBe(before.version + 1);
  });
});
