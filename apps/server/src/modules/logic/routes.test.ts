import { describe, expect, it } from 'vitest';
import { MESSAGES, type TLogicRule, type TQuestion } from '@crm/shared';
import { createCampaign, useTestApp, type Caller } from '../../test/harness.ts';
import { addQuestions, addSurvey, newQuestion, setRules } from '../../test/questions-support.ts';

const t = useTestApp();

const admin = (): Promise<Caller> => t.callerFor('admin');
const message = (r: { json: <T>() => T }) => r.json<{ message: string }>().message;

/** A campaign with three Select Option questions (Yes, No, Maybe). */
async function survey(api: Caller, name?: string): Promise<{ campaignName: string; q: TQuestion[] }> {
  const c = await createCampaign(t.db, name ? { campaignName: name } : {});
  return { campaignName: c.campaignName, q: await addSurvey(api, c.campaignName, 3) };
}
function jump(from: TQuestion, optionTitle: string | null, to: TQuestion | null, isCompletedCall: 0 | 1 | null = null) {
  return { questionId: from.id, optionTitle, questionNoToShow: to?.id ?? null, isCompletedCall };
}
async function stored(questionId: number) {
  return t.db
    .selectFrom('logicRules')
    .select(['optionTitle', 'questionNoToShow', 'isCompletedCall'])
    .where('questionId', '=', questionId)
    .orderBy('id')
    .execute();
}

describe('logic routes: who may call them', () => {
  it('answers 401 to anonymous callers and 403 to agents and QC inspectors on the admin routes', async () => {
    const { campaignName, q } = await survey(await admin());
    const [q1, q2] = q;
    if (!q1 || !q2) throw new Error('no questions');
    const agent = await t.callerFor('agent', { campaign: campaignName });
    const qc = await t.callerFor('qc');
    const body = [jump(q1, 'Yes', q2)];
    const routes: [method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown][] = [
      ['POST', '/api/logic/setLogics', body],
      ['PUT', '/api/logic/updateLogic', body],
      ['DELETE', `/api/logic/clearLogic?id=${q1.id}`],
    ];
    for (const [method, url, payload] of routes) {
      expect((await t.anonymous.request(method, url, payload)).status, `${method} ${url}`).toBe(401);
      for (const api of [agent, qc]) {
        const r = await api.request(method, url, payload);
        expect(r.status, `${method} ${url}`).toBe(403);
        expect(r.body).toEqual({ message: MESSAGES.auth.forbidden });
      }
    }
    expect(await stored(q1.id)).toEqual([]);
  });

  it('lets QC and the agent signed into the campaign read its rules, and refuses an agent of another campaign', async () => {
    const { campaignName, q } = await survey(await admin(), 'Logic Readers');
    const [q1, q2] = q;
    if (!q1 || !q2) throw new Error('no questions');
    const rules = await setRules(await admin(), [jump(q1, 'Yes', q2)]);
    const reads = [
      `/api/logic/isLogicExist?id=${q1.id}`,
      `/api/logic/getAllCampaignLogic?campaignName=${encodeURIComponent(campaignName)}`,
      `/api/logic?questionId=${q1.id}`,
    ];
    const outsider = await t.callerFor('agent', { campaign: 'Customer Care' });
    for (const url of reads) {
      expect((await t.anonymous.get(url)).status, url).toBe(401);
      expect((await outsider.get(url)).status, url).toBe(403);
    }
    for (const api of [await t.callerFor('qc'), await t.callerFor('agent', { campaign: 'LOGIC READERS' })]) {
      expect((await api.get(reads[0] ?? '')).body).toBe(true);
      expect((await api.get(reads[1] ?? '')).body).toEqual(rules);
      expect((await api.get(reads[2] ?? '')).body).toEqual(rules);
    }
  });
});

describe('POST /api/logic/setLogics', () => {
  it('stores the rules of one question with its campaign name, leaving out the rows set to none', async () => {
    const api = await admin();
    const { campaignName, q } = await survey(api);
    const [q1, , q3] = q;
    if (!q1 || !q3) throw new Error('no questions');
    const r = await api.post('/api/logic/setLogics', [
      { ...jump(q1, 'Yes', q3), campaignId: 'ignored' },
      jump(q1, 'No', null, 0),
      jump(q1, 'Maybe', null, null),
    ]);
    expect(r.status, r.text).toBe(200);
    const rules = r.json<TLogicRule[]>();
    expect(rules.map(({ id: _id, ...rest }) => rest)).toEqual([
      {
        questionId: q1.id,
        campaignId: campaignName,
        optionTitle: 'Yes',
        questionNoToShow: q3.id,
        isCompletedCall: null,
      },
      { questionId: q1.id, campaignId: campaignName, optionTitle: 'No', questionNoToShow: null, isCompletedCall: 0 },
    ]);
    expect((await api.get(`/api/logic/isLogicExist?id=${q1.id}`)).body).toBe(true);
  });

  it('refuses a question that already has rules (409) and sends the admin to updateLogic', async () => {
    const api = await admin();
    const { q } = await survey(api);
    const [q1, q2] = q;
    if (!q1 || !q2) throw new Error('no questions');
    await setRules(api, [jump(q1, 'Yes', q2)]);
    const r = await api.post('/api/logic/setLogics', [jump(q1, 'No', null, 1)]);
    expect(r.status).toBe(409);
    expect(message(r)).toBe('Q1 already has logic rules; update them instead');
    expect(await stored(q1.id)).toEqual([{ optionTitle: 'Yes', questionNoToShow: q2.id, isCompletedCall: null }]);
  });

  it('refuses rules that cannot work, naming each row', async () => {
    const api = await admin();
    const { q } = await survey(api);
    const { q: other } = await survey(api);
    const [q1, q2] = q;
    if (!q1 || !q2 || !other[0]) throw new Error('no questions');
    const r = await api.post('/api/logic/setLogics', [
      jump(q1, 'Yes', other[0]),
      jump(q1, 'Perhaps', q2),
      jump(q1, 'No', q1),
      jump(q1, 'No', { ...q2, id: 999_999 }),
      jump(q1, null, q2),
      jump(q1, 'Maybe', null, 1),
      jump(q1, 'maybe', null, 1),
    ]);
    expect(r.status).toBe(400);
    expect(message(r)).toBe(
      [
        `Rule 1: question ${other[0].id} belongs to another campaign`,
        'Rule 2: "Perhaps" is not an option of Q1',
        'Rule 3: a question cannot jump to itself',
        'Rule 4: there is already a rule for "No"',
        'Rule 4: question 999999 does not exist',
        'Rule 5: optionTitle is required for a Select Option question',
        'Rule 7: "maybe" is not an option of Q1',
      ].join('; '),
    );
    expect(await stored(q1.id)).toEqual([]);
  });

  it('takes one rule without an option for a Text Input or Textarea question, and refuses an option there', async () => {
    const api = await admin();
    const c = await createCampaign(t.db);
    const [text, area, next] = await addQuestions(api, [
      newQuestion(c.campaignName, { title: 'Your area?', type: 'Text Input', options: '' }),
      newQuestion(c.campaignName, { title: 'Comments', type: 'Textarea', options: '' }),
      newQuestion(c.campaignName),
    ]);
    if (!text || !area || !next) throw new Error('no questions');
    const withOption = await api.post('/api/logic/setLogics', [jump(text, 'Dhaka', next)]);
    expect(withOption.status).toBe(400);
    expect(message(withOption)).toBe(
      'Rule 1: a Text Input question takes one rule for any answer, without an optionTitle',
    );
    const twice = await api.post('/api/logic/setLogics', [jump(area, null, next), jump(area, '', null, 1)]);
    expect(message(twice)).toBe('Rule 2: there is already a rule for any answer');
    await setRules(api, [jump(text, null, next)]);
    expect(await stored(text.id)).toEqual([{ optionTitle: null, questionNoToShow: next.id, isCompletedCall: null }]);
  });

  it('refuses rows of several questions, bad fields and unknown questions', async () => {
    const api = await admin();
    const { q } = await survey(api);
    const [q1, q2, q3] = q;
    if (!q1 || !q2 || !q3) throw new Error('no questions');
    const mixed = await api.post('/api/logic/setLogics', [jump(q1, 'Yes', q3), jump(q2, 'Yes', q3)]);
    expect(mixed.status).toBe(400);
    expect(message(mixed)).toBe(`All rules must belong to question ${q1.id}; they also name question ${q2.id}`);
    const badFlag = await api.post('/api/logic/setLogics', [{ ...jump(q1, 'Yes', q3), isCompletedCall: 2 }]);
    expect(badFlag.status).toBe(400);
    expect(message(badFlag)).toBe('body.0.isCompletedCall: isCompletedCall must be 0, 1 or null');
    expect(message(await api.post('/api/logic/setLogics', []))).toMatch(/at least one logic rule is required/);
    const unknown = await api.post('/api/logic/setLogics', [{ ...jump(q1, 'Yes', q3), questionId: 999_999 }]);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Question 999999 does not exist' });
  });
});

describe('PUT /api/logic/updateLogic', () => {
  it("replaces that question's rules only: another question's rule with the same option stays", async () => {
    const api = await admin();
    const { q } = await survey(api);
    const { q: otherCampaign } = await survey(api);
    const [q1, q2, q3] = q;
    const [o1, o2] = otherCampaign;
    if (!q1 || !q2 || !q3 || !o1 || !o2) throw new Error('no questions');
    await setRules(api, [jump(q1, 'Yes', q2), jump(q1, 'No', null, 0)]);
    const sameCampaign = await setRules(api, [jump(q2, 'Yes', q3)]);
    const elsewhere = await setRules(api, [jump(o1, 'Yes', o2)]);

    const r = await api.put('/api/logic/updateLogic', {
      questionId: q1.id,
      rules: [jump(q1, 'Yes', q3), jump(q1, 'Maybe', null, 1)],
    });
    expect(r.status, r.text).toBe(200);
    expect(await stored(q1.id)).toEqual([
      { optionTitle: 'Yes', questionNoToShow: q3.id, isCompletedCall: null },
      { optionTitle: 'Maybe', questionNoToShow: null, isCompletedCall: 1 },
    ]);
    expect((await api.get(`/api/logic?questionId=${q2.id}`)).body).toEqual(sameCampaign);
    expect((await api.get(`/api/logic?questionId=${o1.id}`)).body).toEqual(elsewhere);
  });

  it('also takes the bare list the older client sends', async () => {
    const api = await admin();
    const { q } = await survey(api);
    const [q1, q2, q3] = q;
    if (!q1 || !q2 || !q3) throw new Error('no questions');
    await setRules(api, [jump(q1, 'Yes', q2)]);
    const r = await api.put('/api/logic/updateLogic', [jump(q1, 'No', q3), jump(q1, 'Yes', null)]);
    expect(r.status).toBe(200);
    expect(await stored(q1.id)).toEqual([{ optionTitle: 'No', questionNoToShow: q3.id, isCompletedCall: null }]);
    const empty = await api.put('/api/logic/updateLogic', []);
    expect(empty.status).toBe(400);
    expect(message(empty)).toMatch(/send \{questionId, rules\} or a non-empty list of logic rules/);
  });

  it('leaves a question with no rules when the list is empty', async () => {
    const api = await admin();
    const { q } = await survey(api);
    const [q1, q2] = q;
    if (!q1 || !q2) throw new Error('no questions');
    await setRules(api, [jump(q1, 'Yes', q2)]);
    expect((await api.put('/api/logic/updateLogic', { questionId: q1.id, rules: [] })).body).toEqual([]);
    expect((await api.get(`/api/logic/isLogicExist?id=${q1.id}`)).body).toBe(false);
  });

  it('refuses a cross-campaign target, a missing option and rules of another question, changing nothing', async () => {
    const api = await admin();
    const { q } = await survey(api);
    const { q: other } = await survey(api);
    const [q1, q2] = q;
    if (!q1 || !q2 || !other[0]) throw new Error('no questions');
    await setRules(api, [jump(q1, 'Yes', q2)]);
    const cross = await api.put('/api/logic/updateLogic', { questionId: q1.id, rules: [jump(q1, 'Yes', other[0])] });
    expect(cross.status).toBe(400);
    expect(message(cross)).toBe(`Rule 1: question ${other[0].id} belongs to another campaign`);
    const option = await api.put('/api/logic/updateLogic', { questionId: q1.id, rules: [jump(q1, 'Absolutely', q2)] });
    expect(message(option)).toBe('Rule 1: "Absolutely" is not an option of Q1');
    const foreign = await api.put('/api/logic/updateLogic', { questionId: q1.id, rules: [jump(q2, 'Yes', q1)] });
    expect(foreign.status).toBe(400);
    expect(message(foreign)).toBe(`All rules must belong to question ${q1.id}; they also name question ${q2.id}`);
    expect(await stored(q1.id)).toEqual([{ optionTitle: 'Yes', questionNoToShow: q2.id, isCompletedCall: null }]);
    expect((await api.put('/api/logic/updateLogic', { questionId: 999_999, rules: [] })).status).toBe(404);
  });
});

describe('reading and clearing rules', () => {
  it("lists a campaign's rules by question qno, a question's rules, and whether a question has any", async () => {
    const api = await admin();
    const { campaignName, q } = await survey(api, 'Logic Listing');
    const [q1, q2, q3] = q;
    if (!q1 || !q2 || !q3) throw new Error('no questions');
    const later = await setRules(api, [jump(q2, 'No', null, 0)]);
    const earlier = await setRules(api, [jump(q1, 'Yes', q3), jump(q1, 'No', q2)]);
    expect(
      (await api.get(`/api/logic/getAllCampaignLogic?campaignName=${encodeURIComponent(campaignName.toLowerCase())}`))
        .body,
    ).toEqual([...earlier, ...later]);
    expect((await api.get(`/api/logic?questionId=${q1.id}`)).body).toEqual(earlier);
    expect((await api.get(`/api/logic/isLogicExist?id=${q3.id}`)).body).toBe(false);
    const unknown = await api.get('/api/logic/getAllCampaignLogic?campaignName=Nowhere');
    expect(unknown.status).toBe(404);
    expect((await api.get('/api/logic/getAllCampaignLogic')).status).toBe(400);
    expect((await api.get('/api/logic?questionId=999999')).status).toBe(404);
    expect((await api.get('/api/logic/isLogicExist?id=999999')).status).toBe(404);
    expect((await api.get('/api/logic/isLogicExist?id=x')).status).toBe(400);
  });

  it("clears one question's rules and says how many, leaving the others", async () => {
    const api = await admin();
    const { q } = await survey(api);
    const [q1, q2, q3] = q;
    if (!q1 || !q2 || !q3) throw new Error('no questions');
    await setRules(api, [jump(q1, 'Yes', q3), jump(q1, 'No', q2)]);
    await setRules(api, [jump(q2, 'Yes', q3)]);
    const r = await api.delete(`/api/logic/clearLogic?id=${q1.id}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ deleted: 2 });
    expect(await stored(q1.id)).toEqual([]);
    expect(await stored(q2.id)).toHaveLength(1);
    expect((await api.delete(`/api/logic/clearLogic?id=${q1.id}`)).body).toEqual({ deleted: 0 });
    expect((await api.delete('/api/logic/clearLogic?id=999999')).status).toBe(404);
  });
});
