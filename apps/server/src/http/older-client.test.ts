// The older client's calls replayed against the real server with the shapes it sends (docs/older-client.md): its
// forms send numbers and yes/no as the text their selects and inputs hold ('4', '', '0', 'true'), and its logic
// form sends every row, untouched ones included. Each is taken and stored as the number or boolean it stands for;
// text that is not one is a 400 naming the field, with nothing stored.
import { describe, expect, it } from 'vitest';
import type { TCampaign, TLead, TLogicRule, TQcRecord, TQuestion } from '@crm/shared';
import { createCampaign, useTestApp, type Caller, type Reply } from '../test/harness.ts';
import { addQuestions, addSurvey, newQuestion } from '../test/questions-support.ts';
import { auditEntries } from '../test/audit-support.ts';
import { addLead, lookUp, panelCampaign, saveUrl, storedLead } from '../test/crm-support.ts';
import { DATE, generatedIds, generateUrl, insertLeads, many } from '../test/leads-support.ts';
import { qcWorld, scorecard } from '../test/qc-support.ts';

const t = useTestApp();
const admin = (): Promise<Caller> => t.callerFor('admin');
const message = (r: Reply) => r.json<{ message: string }>().message;

type OlderChoice = { to?: TQuestion; completed?: '0' | '1' };

/**
 * The older Set/Update Logic form's body: one row per `options.split(',')` (untrimmed; an option-less question
 * gives one row with an empty option), each select's value as text: '' for "none", the target's id, '0' or '1'.
 * Rows not named in `choices` are sent untouched.
 */
function olderRows(q: TQuestion, choices: Record<string, OlderChoice> = {}) {
  return q.options.split(',').map((optionTitle) => {
    const choice = choices[optionTitle.trim()] ?? {};
    return {
      optionTitle,
      questionNoToShow: choice.to === undefined ? '' : String(choice.to.id),
      isCompletedCall: choice.completed ?? '',
      questionId: q.id,
      campaignId: q.campaignId,
    };
  });
}

async function stored(questionId: number) {
  return t.db
    .selectFrom('logicRules')
    .select(['optionTitle', 'questionNoToShow', 'isCompletedCall'])
    .where('questionId', '=', questionId)
    .orderBy('id')
    .execute();
}

/** A campaign with three Select Option questions (options 'Yes, No, Maybe'). */
async function survey(api: Caller): Promise<[TQuestion, TQuestion, TQuestion]> {
  const c = await createCampaign(t.db);
  const [q1, q2, q3] = await addSurvey(api, c.campaignName, 3);
  if (!q1 || !q2 || !q3) throw new Error('no questions');
  return [q1, q2, q3];
}

describe('logic rows as the older client sends them (POST setLogics, PUT updateLogic)', () => {
  it('Set: every row of the form as text; the set ones are stored as numbers, the untouched one stores nothing', async () => {
    const api = await admin();
    const [q1, q2, q3] = await survey(api);
    const body = olderRows(q1, { Yes: { to: q3 }, No: { completed: '0' } });
    expect(body.map((r) => r.optionTitle)).toEqual(['Yes', ' No', ' Maybe']);
    const r = await api.post('/api/logic/setLogics', body);
    expect(r.status, r.text).toBe(200);
    expect(r.json<TLogicRule[]>().map(({ id: _id, ...rule }) => rule)).toEqual([
      {
        questionId: q1.id,
        campaignId: q1.campaignId,
        optionTitle: 'Yes',
        questionNoToShow: q3.id,
        isCompletedCall: null,
      },
      { questionId: q1.id, campaignId: q1.campaignId, optionTitle: 'No', questionNoToShow: null, isCompletedCall: 0 },
    ]);
    expect(await stored(q1.id)).toEqual([
      { optionTitle: 'Yes', questionNoToShow: q3.id, isCompletedCall: null },
      { optionTitle: 'No', questionNoToShow: null, isCompletedCall: 0 },
    ]);
    // A jump that also ends the call ('1' with a target): both kept, as the web's editor would store them.
    const both = await api.post('/api/logic/setLogics', olderRows(q2, { Maybe: { to: q3, completed: '1' } }));
    expect(both.status, both.text).toBe(200);
    expect(await stored(q2.id)).toEqual([{ optionTitle: 'Maybe', questionNoToShow: q3.id, isCompletedCall: 1 }]);
    // Its Logic Management screen then asks, per question, with the id as query text.
    expect((await api.get(`/api/logic/isLogicExist?id=${q1.id}`)).body).toBe(true);
    expect((await api.get(`/api/logic/isLogicExist?id=${q3.id}`)).body).toBe(false);
  });

  it('Set with every row untouched is no error: nothing is stored, nothing is logged, and the question can still be set', async () => {
    const api = await admin();
    const [q1, q2] = await survey(api);
    const c = await createCampaign(t.db);
    const [text, next] = await addQuestions(api, [
      newQuestion(c.campaignName, { title: 'Your area?', type: 'Text Input', options: '' }),
      newQuestion(c.campaignName, { title: 'Thanks' }),
    ]);
    if (!text || !next) throw new Error('no questions');
    for (const q of [q1, text]) {
      const r = await api.post('/api/logic/setLogics', olderRows(q));
      expect(r.status, r.text).toBe(200);
      expect(r.body).toEqual([]);
      expect(await stored(q.id)).toEqual([]);
      expect(await auditEntries(t.db, 'logicRule', q.id)).toEqual([]);
      expect((await api.get(`/api/logic/isLogicExist?id=${q.id}`)).body).toBe(false);
    }
    // Set is still open to both: the option-less question's one row ('' option, "Empty") becomes its any-answer rule.
    expect(olderRows(text, { '': { to: next } })).toHaveLength(1);
    expect((await api.post('/api/logic/setLogics', olderRows(text, { '': { to: next } }))).status).toBe(200);
    expect(await stored(text.id)).toEqual([{ optionTitle: null, questionNoToShow: next.id, isCompletedCall: null }]);
    expect((await api.post('/api/logic/setLogics', olderRows(q1, { Yes: { to: q2 } }))).status).toBe(200);
    expect((await auditEntries(t.db, 'logicRule', q1.id)).map((e) => e.action)).toEqual(['create']);
  });

  it("Update: the bare list of every row replaces the question's rules; every row untouched clears them", async () => {
    const api = await admin();
    const [q1, q2, q3] = await survey(api);
    expect((await api.post('/api/logic/setLogics', olderRows(q1, { Yes: { to: q2 }, No: { to: q3 } }))).status).toBe(
      200,
    );
    expect((await api.post('/api/logic/setLogics', olderRows(q2, { Yes: { to: q3 } }))).status).toBe(200);

    const r = await api.put('/api/logic/updateLogic', olderRows(q1, { Maybe: { completed: '1' } }));
    expect(r.status, r.text).toBe(200);
    expect(await stored(q1.id)).toEqual([{ optionTitle: 'Maybe', questionNoToShow: null, isCompletedCall: 1 }]);
    // Another question's rule for the same option title stays (the older server overwrote it).
    expect(await stored(q2.id)).toEqual([{ optionTitle: 'Yes', questionNoToShow: q3.id, isCompletedCall: null }]);

    const cleared = await api.put('/api/logic/updateLogic', olderRows(q1));
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body).toEqual([]);
    expect(await stored(q1.id)).toEqual([]);
    expect((await api.get(`/api/logic/isLogicExist?id=${q1.id}`)).body).toBe(false);
  });

  it('text that is not a question id, 0/1 or blank is a 400 naming the row and field, and nothing is stored', async () => {
    const api = await admin();
    const [q1, q2] = await survey(api);
    const rows = () => olderRows(q1, { Yes: { to: q2 } });
    const cases: [patch: Record<string, unknown>, row: number, expected: string][] = [
      [{ questionNoToShow: 'abc' }, 0, 'body.0.questionNoToShow: questionNoToShow must be a question id or null'],
      [{ questionNoToShow: '0' }, 1, 'body.1.questionNoToShow: questionNoToShow must be a question id or null'],
      [{ questionNoToShow: '2.5' }, 2, 'body.2.questionNoToShow: questionNoToShow must be a question id or null'],
      [{ questionNoToShow: true }, 0, 'body.0.questionNoToShow: questionNoToShow must be a question id or null'],
      [{ isCompletedCall: 'yes' }, 1, 'body.1.isCompletedCall: isCompletedCall must be 0, 1 or null'],
      [{ isCompletedCall: '2' }, 0, 'body.0.isCompletedCall: isCompletedCall must be 0, 1 or null'],
    ];
    for (const [patch, row, expected] of cases) {
      const body = rows().map((r, i) => (i === row ? { ...r, ...patch } : r));
      const r = await api.post('/api/logic/setLogics', body);
      expect(r.status, JSON.stringify(patch)).toBe(400);
      expect(message(r)).toBe(expected);
    }
    expect(await stored(q1.id)).toEqual([]);

    expect((await api.post('/api/logic/setLogics', rows())).status).toBe(200);
    const update = await api.put(
      '/api/logic/updateLogic',
      olderRows(q1, { No: { to: q2 } }).map((r, i) => (i === 1 ? { ...r, questionNoToShow: 'Q2' } : r)),
    );
    expect(update.status).toBe(400);
    expect(message(update)).toBe('body.rules.1.questionNoToShow: questionNoToShow must be a question id or null');
    expect(await stored(q1.id)).toEqual([{ optionTitle: 'Yes', questionNoToShow: q2.id, isCompletedCall: null }]);
  });

  it('Clear Logics takes the question id as query text, and garbage there is a 400', async () => {
    const api = await admin();
    const [q1, q2] = await survey(api);
    expect(
      (await api.post('/api/logic/setLogics', olderRows(q1, { Yes: { to: q2 }, No: { completed: '1' } }))).status,
    ).toBe(200);
    expect((await api.delete(`/api/logic/clearLogic?id=${q1.id}`)).body).toEqual({ deleted: 2 });
    const bad = await api.delete('/api/logic/clearLogic?id=abc');
    expect(bad.status).toBe(400);
    expect(message(bad)).toMatch(/^querystring\.id: /);
  });
});

describe('yes/no as select text', () => {
  it('Edit Campaign: status "false"/"true" is stored as the boolean; null keeps the stored status; other text is a 400', async () => {
    const api = await admin();
    const added = await api.post('/cc/addCampaign', {
      campaignType: 'Outbound',
      campaignName: 'Older Edit',
      campaignId: 'OE-1',
      callTarget: 40,
    });
    expect(added.status, added.text).toBe(200);
    const c = added.json<TCampaign>();
    // The older edit form: its whole value, with no campaignType, and status from its select.
    const edit = (status: unknown) => ({
      id: c.id,
      campaignName: 'Older Edited',
      campaignId: 'OE-1',
      callTarget: 40,
      status,
      createAt: c.createAt,
    });
    const statusOf = async () =>
      await t.db
        .selectFrom('campaigns')
        .select(['status', 'campaignName', 'campaignType'])
        .where('id', '=', c.id)
        .executeTakeFirstOrThrow();

    const off = await api.put('/cc/updateCampaign', edit('false'));
    expect(off.status, off.text).toBe(200);
    expect(await statusOf()).toEqual({ status: false, campaignName: 'Older Edited', campaignType: 'Outbound' });
    const kept = await api.put('/cc/updateCampaign', edit(null));
    expect(kept.status, kept.text).toBe(200);
    expect((await statusOf()).status).toBe(false);
    expect((await api.put('/cc/updateCampaign', edit('true'))).status).toBe(200);
    expect((await statusOf()).status).toBe(true);

    const bad = await api.put('/cc/updateCampaign', edit('inactive'));
    expect(bad.status).toBe(400);
    expect(message(bad)).toBe('body.status: status must be true or false');
    expect((await statusOf()).status).toBe(true);
  });

  it('Edit Question: status "false" from the select makes the question inactive; other text is a 400', async () => {
    const api = await admin();
    const [q1] = await survey(api);
    const edit = (status: unknown) => ({ ...q1, qno: q1.qno, status });
    const r = await api.put('/questions/updateQuestion', edit('false'));
    expect(r.status, r.text).toBe(200);
    expect(
      (await t.db.selectFrom('questions').select('status').where('id', '=', q1.id).executeTakeFirstOrThrow()).status,
    ).toBe(false);
    const bad = await api.put('/questions/updateQuestion', edit('no'));
    expect(bad.status).toBe(400);
    expect(message(bad)).toBe('body.status: status must be true or false');
  });
});

describe('numbers as input text', () => {
  it('Generate: targets typed into text inputs are read as numbers, blank ones skipped; other text is a 400 naming the selector', async () => {
    const api = await admin();
    const c = await createCampaign(t.db);
    const a = await insertLeads(t.db, c.id, many(3, { brId: 'B1', targetSelector: 'A' }));
    await insertLeads(t.db, c.id, many(2, { brId: 'B1', targetSelector: 'B' }));
    const bad = await api.post(generateUrl('updateData', { campaign: c.campaignName }), { A: 'two', B: '' });
    expect(bad.status).toBe(400);
    expect(message(bad)).toBe('body.A: each target must be a whole number of leads');
    expect(await generatedIds(t.db, c.id)).toEqual([]);

    const r = await api.post(generateUrl('updateData', { campaign: c.campaignName, dataDate: DATE }), {
      A: ' 2 ',
      B: '',
    });
    expect(r.status, r.text).toBe(200);
    expect(await generatedIds(t.db, c.id)).toEqual([a[0], a[1]]);
  });

  it('the survey save: the whole lead row back, a Number answer as a number, is_called as "1" or ""', async () => {
    const p = await panelCampaign(t);
    const [q1, , q3, q4] = p.questions;
    if (!q1 || !q3 || !q4) throw new Error('no questions');
    const cell = '01712000401';
    const id = await addLead(t, p.id, '+8801712000401');
    const row: TLead = {
      ...(await lookUp(p.agent, p.name, cell)),
      [q1.qno]: 'Yes',
      [q3.qno]: 3,
      [q4.qno]: 'Call back',
      is_called: '1',
    };
    const r = await p.agent.put(saveUrl(p.name, cell), row);
    expect(r.status, r.text).toBe(200);
    expect(await storedLead(t, id)).toMatchObject({
      answers: { [q1.qno]: 'Yes', [q3.qno]: '3', [q4.qno]: 'Call back' },
      isCalled: 1,
    });
    // A rule with "Is Completed" = No ends the call with is_called ''.
    const again = await p.agent.put(saveUrl(p.name, cell), { ...row, [q1.qno]: 'No', is_called: '' });
    expect(again.status, again.text).toBe(200);
    expect(await storedLead(t, id)).toMatchObject({ answers: { [q1.qno]: 'No' }, isCalled: 0 });
  });

  it('the QC panel save: duration as the text of whole seconds (or blank), consumerNumber from a number input', async () => {
    const w = await qcWorld(t);
    const older = (duration: string) => ({
      ...scorecard(w),
      consumerNumber: 1712345678,
      duration,
      total: 100,
      agentGrade: 'Exceed Expectation',
      qcInspector: 'ignored',
    });
    const r = await w.qcA.post('/api/qcReport/add', older('95'));
    expect(r.status, r.text).toBe(200);
    const record = r.json<TQcRecord>();
    expect(record).toMatchObject({ duration: 95, consumerNumber: '+8801712345678' });
    const unplayed = await w.qcA.post('/api/qcReport/add', older(''));
    expect(unplayed.status, unplayed.text).toBe(200);
    expect(unplayed.json<TQcRecord>().duration).toBeNull();
    const bad = await w.qcA.post('/api/qcReport/add', older('1:35'));
    expect(bad.status).toBe(400);
    expect(message(bad)).toBe('body.duration: duration must be whole seconds');
    // The inspector's own list, as the older screen asks for it: page 0, size 10 in the path.
    const list = await w.qcA.get(`/api/qcReport/getqcreportbyqcinspector/0/10?username=${w.inspectorA.username}`);
    expect(list.status, list.text).toBe(200);
    expect(list.json<{ response: { content: TQcRecord[] } }>().response.content.map((x) => x.id)).toContain(record.id);
  });
});

describe('older shapes refused on purpose, each with a 400 naming the field', () => {
  it('an agent added with phone and account numbers as JSON numbers and no password; an agent sign-in without shift', async () => {
    const api = await admin();
    const add = await api.post('/api/ac/addAgent', {
      type: 'Physical',
      name: 'Older Agent',
      agentId: 'OLD-1',
      cellNumber: 1712345678,
      joiningDate: '2024-05-01',
      bankAcNumber: null,
      nagadAcNumber: null,
      bkashAcNumber: null,
    });
    expect(add.status).toBe(400);
    expect(message(add)).toMatch(/body\.password: /);
    expect(message(add)).toMatch(/body\.cellNumber: /);
    expect(
      await t.db.selectFrom('users').select('id').where('username', '=', 'OLD-1').executeTakeFirst(),
    ).toBeUndefined();
    const signIn = await t.anonymous.post('/api/auth/signInAgent', { username: 'OLD-1', password: 'agent12345' });
    expect(signIn.status).toBe(400);
    expect(message(signIn)).toMatch(/body\.shift: /);
  });
});
