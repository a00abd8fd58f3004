import { describe, expect, it } from 'vitest';
import { MESSAGES, type TPaged, type TQuestion } from '@crm/shared';
import { createCampaign, useTestApp, type Caller } from '../../test/harness.ts';
import { addQuestions, addSurvey, newQuestion } from '../../test/questions-support.ts';

const t = useTestApp();

const admin = (): Promise<Caller> => t.callerFor('admin');

const ADMIN_ROUTES: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string][] = [
  ['GET', '/questions/pagination/0/10'],
  ['GET', '/questions/searchQuestion?title=a'],
  ['POST', '/questions/add'],
  ['GET', '/questions/getAll'],
  ['GET', '/questions/getQuestion/1'],
  ['GET', '/questions/deleteImpact/1'],
  ['DELETE', '/questions/deleteQuestion/1'],
  ['PUT', '/questions/updateQuestion'],
];

describe('question routes: who may call them', () => {
  it('answers 401 to anonymous callers and 403 to agents and QC inspectors on every admin route', async () => {
    const c = await createCampaign(t.db);
    const agent = await t.callerFor('agent', { campaign: c.campaignName });
    const qc = await t.callerFor('qc');
    const payload = [newQuestion(c.campaignName)];
    for (const [method, url] of ADMIN_ROUTES) {
      const body = method === 'GET' || method === 'DELETE' ? undefined : payload;
      expect((await t.anonymous.request(method, url, body)).status, `${method} ${url}`).toBe(401);
      for (const api of [agent, qc]) {
        const r = await api.request(method, url, body);
        expect(r.status, `${method} ${url}`).toBe(403);
        expect(r.body).toEqual({ message: MESSAGES.auth.forbidden });
      }
    }
    expect(await t.db.selectFrom('questions').select('id').where('campaignId', '=', c.id).execute()).toEqual([]);
  });

  it('lets QC and the agent signed into the campaign read getToSetLogic, and refuses an agent of another campaign', async () => {
    const c = await createCampaign(t.db, { campaignName: 'Readable Survey' });
    const [q] = await addSurvey(await admin(), c.campaignName, 1);
    const url = '/questions/getToSetLogic/Readable%20Survey';
    expect((await t.anonymous.get(url)).status).toBe(401);
    const other = await t.callerFor('agent', { campaign: 'Some Other Campaign' });
    expect((await other.get(url)).status).toBe(403);
    for (const api of [await t.callerFor('qc'), await t.callerFor('agent', { campaign: 'readable survey' })]) {
      const r = await api.get(url);
      expect(r.status).toBe(200);
      expect(r.json<TQuestion[]>()).toEqual([q]);
    }
  });
});

describe('POST /questions/add', () => {
  it('adds questions numbered Q1, Q2, … per campaign and replies them with the campaign name', async () => {
    const c = await createCampaign(t.db, { campaignName: 'Numbered Survey' });
    const saved = await addQuestions(await admin(), [
      newQuestion('numbered survey', {
        title: '  Hello, this is Rina from Bikroy.  ',
        type: 'Plain Text',
        options: '',
      }),
      newQuestion('Numbered Survey', {
        options: ' Yes ,No,, ',
        optionalValue: 'Respondent',
        instruction: 'Read slowly',
      }),
      newQuestion('Numbered Survey', {
        title: 'Your email',
        type: 'Email',
        options: '',
        optionalValue: '',
        instruction: '  ',
      }),
    ]);
    expect(saved.map((q) => q.qno)).toEqual(['Q1', 'Q2', 'Q3']);
    expect(saved[0]).toMatchObject({
      campaignId: 'Numbered Survey',
      title: 'Hello, this is Rina from Bikroy.',
      type: 'Plain Text',
      options: '',
      optionalValue: null,
      instruction: null,
      status: true,
    });
    expect(saved[1]).toMatchObject({
      type: 'Select Option',
      options: 'Yes, No',
      optionalValue: 'Respondent',
      instruction: 'Read slowly',
    });
    expect(saved[2]).toMatchObject({ type: 'Email', options: '', optionalValue: null, instruction: null });
    expect(Object.keys(saved[0] ?? {}).sort()).toEqual([
      'campaignId',
      'createAt',
      'id',
      'instruction',
      'optionalValue',
      'options',
      'qno',
      'status',
      'title',
      'type',
    ]);
    const stored = await t.db
      .selectFrom('questions')
      .select(['qno', 'options'])
      .where('campaignId', '=', c.id)
      .orderBy('qno')
      .execute();
    expect(stored).toEqual([
      { qno: 1, options: [] },
      { qno: 2, options: ['Yes', 'No'] },
      { qno: 3, options: [] },
    ]);
  });

  it('never hands out a deleted number again: after Q3 is deleted the next question is Q4', async () => {
    const api = await admin();
    const c = await createCampaign(t.db);
    const [, , q3] = await addSurvey(api, c.campaignName, 3);
    expect((await api.delete(`/questions/deleteQuestion/${q3?.id}`)).status).toBe(200);
    const [next] = await addSurvey(api, c.campaignName, 1);
    expect(next?.qno).toBe('Q4');
  });

  it('gives two concurrent saves on one campaign distinct numbers', async () => {
    const api = await admin();
    const c = await createCampaign(t.db);
    const batches = await Promise.all([
      addSurvey(api, c.campaignName, 3),
      addSurvey(api, c.campaignName, 3),
      addSurvey(api, c.campaignName, 2),
    ]);
    const numbers = batches.flat().map((q) => q.qno);
    expect(new Set(numbers).size).toBe(8);
    expect([...numbers].sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)))).toEqual([
      'Q1',
      'Q2',
      'Q3',
      'Q4',
      'Q5',
      'Q6',
      'Q7',
      'Q8',
    ]);
  });

  it('puts each question of a mixed batch in its own campaign and numbers each campaign on its own', async () => {
    const api = await admin();
    const a = await createCampaign(t.db, { campaignName: 'Mixed A' });
    const b = await createCampaign(t.db, { campaignName: 'Mixed B' });
    await addSurvey(api, 'Mixed B', 2);
    const saved = await addQuestions(api, [newQuestion('Mixed A'), newQuestion('Mixed B'), newQuestion('Mixed A')]);
    expect(saved.map((q) => [q.campaignId, q.qno])).toEqual([
      ['Mixed A', 'Q1'],
      ['Mixed B', 'Q3'],
      ['Mixed A', 'Q2'],
    ]);
    const rows = await t.db
      .selectFrom('questions')
      .select(['id', 'campaignId'])
      .where(
        'id',
        'in',
        saved.map((q) => q.id),
      )
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.campaignId)).toEqual([a.id, b.id, a.id]);
  });

  it('refuses invalid rows naming each row and field, and saves none of the batch', async () => {
    const api = await admin();
    const c = await createCampaign(t.db);
    const r = await api.post('/questions/add', [
      newQuestion(c.campaignName),
      newQuestion(c.campaignName, { options: 'Yes' }),
      newQuestion(c.campaignName, { title: '  ', type: 'Number', options: 'a, b' }),
      { campaignId: c.campaignName, title: 'No type' },
      newQuestion(c.campaignName, { type: 'Multi Select Option', options: 'Bkash, bkash' }),
      newQuestion(c.campaignName, { optionalValue: 'Phone' as 'Brand' }),
    ]);
    expect(r.status).toBe(400);
    expect(r.json<{ message: string }>().message).toBe(
      [
        'Question 2: options need at least two choices',
        'Question 3: title is required',
        'Question 3: options are only for Select Option and Multi Select Option questions',
        'Question 4: type is required',
        'Question 5: options must not repeat "bkash"',
        'Question 6: optionalValue must be one of: Respondent, Territory, Agent, Brand, Data Date',
      ].join('; '),
    );
    expect(await t.db.selectFrom('questions').select('id').where('campaignId', '=', c.id).execute()).toEqual([]);
  });

  it('refuses an empty list, more than 100 questions and a body that is not a list', async () => {
    const api = await admin();
    const c = await createCampaign(t.db);
    const empty = await api.post('/questions/add', []);
    expect(empty.status).toBe(400);
    expect(empty.json<{ message: string }>().message).toMatch(/at least one question is required/);
    const many = await api.post(
      '/questions/add',
      Array.from({ length: 101 }, () => newQuestion(c.campaignName)),
    );
    expect(many.status).toBe(400);
    expect(many.json<{ message: string }>().message).toMatch(/at most 100 questions/);
    expect((await api.post('/questions/add', newQuestion(c.campaignName))).status).toBe(400);
  });

  it('answers 404 naming the row when a campaign does not exist, and saves nothing', async () => {
    const api = await admin();
    const c = await createCampaign(t.db);
    const r = await api.post('/questions/add', [newQuestion(c.campaignName), newQuestion('Nowhere Campaign')]);
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ message: 'Question 2: campaign "Nowhere Campaign" does not exist' });
    expect(await t.db.selectFrom('questions').select('id').where('campaignId', '=', c.id).execute()).toEqual([]);
    const after = await t.db.selectFrom('campaigns').select('nextQno').where('id', '=', c.id).executeTakeFirstOrThrow();
    expect(after.nextQno).toBe(1);
  });
});

describe('reading questions', () => {
  it('pages all questions by campaign name then qno, in the paged wrapper', async () => {
    const api = await admin();
    await createCampaign(t.db, { campaignName: 'zz Paged Second' });
    await createCampaign(t.db, { campaignName: 'zz Paged First' });
    await addSurvey(api, 'zz Paged Second', 1);
    await addSurvey(api, 'zz Paged First', 11);
    const total = await t.db
      .selectFrom('questions')
      .select((e) => e.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const all = await api.get(`/questions/pagination/0/500`);
    const paged = all.json<TPaged<TQuestion>>();
    expect(paged.recordCount).toBe(Number(total.n));
    expect(paged.response).toMatchObject({ totalElements: Number(total.n), size: 500, number: 0, totalPages: 1 });
    const ours = paged.response.content.filter((q) => q.campaignId.startsWith('zz Paged'));
    expect(ours.map((q) => `${q.campaignId} ${q.qno}`)).toEqual([
      ...Array.from({ length: 11 }, (_, i) => `zz Paged First Q${i + 1}`),
      'zz Paged Second Q1',
    ]);
    const second = (await api.get('/questions/pagination/1/2')).json<TPaged<TQuestion>>();
    expect(second.response.content).toEqual(paged.response.content.slice(2, 4));
    expect((await api.get('/questions/pagination/0/0')).status).toBe(400);
  });

  it("pages one campaign's questions with ?campaignName= (any case), counting only those", async () => {
    const api = await admin();
    await createCampaign(t.db, { campaignName: 'zz Filter One' });
    await createCampaign(t.db, { campaignName: 'zz Filter Two' });
    await addSurvey(api, 'zz Filter One', 3);
    await addSurvey(api, 'zz Filter Two', 2);
    const one = (await api.get('/questions/pagination/0/2?campaignName=ZZ%20filter%20one')).json<TPaged<TQuestion>>();
    expect(one.recordCount).toBe(3);
    expect(one.response).toMatchObject({ totalElements: 3, totalPages: 2, size: 2, number: 0 });
    expect(one.response.content.map((q) => `${q.campaignId} ${q.qno}`)).toEqual([
      'zz Filter One Q1',
      'zz Filter One Q2',
    ]);
    const next = (await api.get('/questions/pagination/1/2?campaignName=zz%20Filter%20One')).json<TPaged<TQuestion>>();
    expect(next.response.content.map((q) => q.qno)).toEqual(['Q3']);
    const none = (await api.get('/questions/pagination/0/10?campaignName=No%20Such%20Campaign')).json<
      TPaged<TQuestion>
    >();
    expect(none).toMatchObject({ recordCount: 0, response: { content: [], totalElements: 0 } });
    // Blank means every campaign, as without the filter.
    const all = (await api.get('/questions/pagination/0/500?campaignName=')).json<TPaged<TQuestion>>();
    expect(all.response.content.filter((q) => q.campaignId.startsWith('zz Filter')).length).toBe(5);
    expect((await api.get(`/questions/pagination/0/10?campaignName=${'x'.repeat(201)}`)).status).toBe(400);
  });

  it('returns every question from getAll and one from getQuestion, 404 for an unknown id', async () => {
    const api = await admin();
    const c = await createCampaign(t.db);
    const [q] = await addSurvey(api, c.campaignName, 1);
    expect(api && (await api.get('/questions/getAll')).json<TQuestion[]>()).toContainEqual(q);
    expect((await api.get(`/questions/getQuestion/${q?.id}`)).body).toEqual(q);
    const missing = await api.get('/questions/getQuestion/999999');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Question 999999 does not exist' });
    expect((await api.get('/questions/getQuestion/abc')).status).toBe(400);
  });

  it('gives a campaign its questions in qno order with the inactive ones flagged; 404 for an unknown campaign', async () => {
    const api = await admin();
    const c = await createCampaign(t.db, { campaignName: 'Ordered Survey' });
    const saved = await addSurvey(api, c.campaignName, 11);
    await t.db
      .updateTable('questions')
      .set({ status: false })
      .where('id', '=', saved[1]?.id ?? 0)
      .execute();
    const r = await api.get('/questions/getToSetLogic/Ordered%20Survey');
    const list = r.json<TQuestion[]>();
    expect(list.map((q) => q.qno)).toEqual(saved.map((q) => q.qno));
    expect(list.map((q) => q.qno).slice(-2)).toEqual(['Q10', 'Q11']);
    expect(list[1]).toMatchObject({ qno: 'Q2', status: false });
    const unknown = await api.get('/questions/getToSetLogic/No%20Such%20Campaign');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Campaign "No Such Campaign" does not exist' });
  });

  it('searches with one term across the fields, case-insensitively, and by active/inactive', async () => {
    const api = await admin();
    const c = await createCampaign(t.db, { campaignName: 'Search Survey Kappa' });
    const [byTitle, byOptions, byInstruction, byValue] = await addQuestions(api, [
      newQuestion(c.campaignName, { title: 'Which DATAPACK do you use?' }),
      newQuestion(c.campaignName, { title: 'Operator', options: 'Grameenphone, Robi, Banglalink' }),
      newQuestion(c.campaignName, {
        title: 'Note',
        type: 'Textarea',
        options: '',
        instruction: 'Ask about robi offers',
      }),
      newQuestion(c.campaignName, {
        title: 'Territory check',
        type: 'Text Input',
        options: '',
        optionalValue: 'Territory',
      }),
    ]);
    const ids = async (query: string) =>
      (await api.get(`/questions/searchQuestion?${query}`)).json<TQuestion[]>().map((q) => q.id);
    const one = (term: string) =>
      ['campaignId', 'title', 'type', 'options', 'optionalValue', 'instruction', 'status']
        .map((k) => `${k}=${encodeURIComponent(term)}`)
        .join('&');
    expect(await ids(one('datapack'))).toEqual([byTitle?.id]);
    expect(await ids(one('ROBI'))).toEqual([byOptions?.id, byInstruction?.id]);
    expect(await ids(one('territory'))).toEqual([byValue?.id]);
    expect(await ids(one('textarea'))).toEqual([byInstruction?.id]);
    expect(await ids(one('search survey kappa'))).toHaveLength(4);
    expect(await ids(one('100%'))).toEqual([]);
    await t.db
      .updateTable('questions')
      .set({ status: false })
      .where('id', '=', byValue?.id ?? 0)
      .execute();
    expect(await ids('status=inactive')).toContain(byValue?.id);
    expect(await ids('status=inactive')).not.toContain(byTitle?.id);
    expect(await ids('status=active')).toContain(byTitle?.id);
    expect(await ids('')).toEqual([]);
  });
});
