import { describe, expect, it } from 'vitest';
import type { TQuestion } from '@crm/shared';
import { createCampaign, useTestApp, type Caller } from '../../test/harness.ts';
import { addQuestions, newQuestion } from '../../test/questions-support.ts';

const t = useTestApp();

const admin = (): Promise<Caller> => t.callerFor('admin');

/** A campaign whose data table has a column with a space in its name. */
async function campaignWithTable() {
  const c = await createCampaign(t.db);
  await t.db
    .insertInto('dataTables')
    .values({ campaignId: c.id, name: `${c.campaignName}_table`, columns: ['Outlet name', 'tier'] })
    .execute();
  return c;
}

function edit(q: TQuestion, changes: Record<string, unknown> = {}) {
  return {
    id: q.id,
    title: q.title,
    type: q.type,
    options: q.options,
    optionalValue: q.optionalValue,
    instruction: q.instruction,
    status: q.status,
    ...changes,
  };
}

const messageOf = (r: { json: <T>() => T }) => r.json<{ message: string }>().message;

describe('POST /questions/add: lead fields and earlier answers in the text', () => {
  it('saves texts naming default lead columns, the data table columns (any case, spaces kept), earlier questions and rows before it', async () => {
    const api = await admin();
    const c = await campaignWithTable();
    const saved = await addQuestions(api, [
      newQuestion(c.campaignName, {
        title: 'May I speak with {respondent_name}?',
        instruction: 'Say {BRAND} and {outlet NAME}',
      }),
      newQuestion(c.campaignName, {
        title: 'In {region}, {Tier}: you said {Q1}',
        options: 'Yes {brand}, No {{brand}}',
      }),
    ]);
    expect(saved.map((q) => [q.qno, q.title, q.options, q.instruction])).toEqual([
      ['Q1', 'May I speak with {respondent_name}?', 'Yes, No', 'Say {BRAND} and {outlet NAME}'],
      ['Q2', 'In {region}, {Tier}: you said {Q1}', 'Yes {brand}, No {{brand}}', null],
    ]);
    const later = await addQuestions(api, [newQuestion(c.campaignName, { title: 'Back to {Q2} and {q1}' })]);
    expect(later[0]?.qno).toBe('Q3');
  });

  it('refuses a lead field the campaign does not have, naming it, where it is and the columns; saves nothing', async () => {
    const api = await admin();
    const c = await campaignWithTable();
    const r = await api.post('/questions/add', [
      newQuestion(c.campaignName),
      newQuestion(c.campaignName, {
        title: 'Is {shop} open?',
        options: 'Yes, No {Outlet}',
        instruction: 'Ask for {shop}',
      }),
    ]);
    expect(r.status).toBe(400);
    const problems = messageOf(r).split('; ');
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(
      /^Question 2: Unknown lead field "\{shop\}" in the title of Q2: the campaign's columns are id, did, .*respondent_name.*, Outlet name, tier$/,
    );
    expect(problems[1]).toMatch(/^Question 2: Unknown lead field "\{Outlet\}" in option 2 \("No \{Outlet\}"\) of Q2/);
    expect(problems[2]).toMatch(/^Question 2: Unknown lead field "\{shop\}" in the instruction of Q2/);
    expect(await t.db.selectFrom('questions').select('id').where('campaignId', '=', c.id).execute()).toEqual([]);
    // The numbers the refused save took are given back with it.
    const after = await t.db.selectFrom('campaigns').select('nextQno').where('id', '=', c.id).executeTakeFirstOrThrow();
    expect(after.nextQno).toBe(1);
  });

  it('refuses an answer of a question the campaign does not have (nor a later row of the same save)', async () => {
    const api = await admin();
    const c = await campaignWithTable();
    const r = await api.post('/questions/add', [
      newQuestion(c.campaignName, { title: 'You said {Q2}?' }),
      newQuestion(c.campaignName, { title: 'Second' }),
    ]);
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      message: 'Question 1: Unknown question "{Q2}" in the title of Q1: the campaign\'s questions are none yet',
    });
    expect(await t.db.selectFrom('questions').select('id').where('campaignId', '=', c.id).execute()).toEqual([]);
  });

  it("does not take another campaign's columns", async () => {
    const api = await admin();
    const withTable = await campaignWithTable();
    const other = await createCampaign(t.db);
    await addQuestions(api, [newQuestion(withTable.campaignName, { title: 'At {tier}?' })]);
    const r = await api.post('/questions/add', [newQuestion(other.campaignName, { title: 'At {tier}?' })]);
    expect(r.status).toBe(400);
    expect(messageOf(r)).toMatch(/^Question 1: Unknown lead field "\{tier\}" in the title of Q1/);
  });
});

describe('PUT /questions/updateQuestion: lead fields and earlier answers in the text', () => {
  it('saves an edit naming known fields and other questions', async () => {
    const api = await admin();
    const c = await campaignWithTable();
    const [q1, q2] = await addQuestions(api, [
      newQuestion(c.campaignName),
      newQuestion(c.campaignName, { title: 'Second' }),
    ]);
    if (!q1 || !q2) throw new Error('no questions');
    const r = await api.put(
      '/questions/updateQuestion',
      edit(q2, { title: 'After {Q1}, {Respondent_name} of {Outlet name}', options: 'Yes {brand}, No' }),
    );
    expect(r.status, r.text).toBe(200);
    expect(r.json<TQuestion>()).toMatchObject({
      title: 'After {Q1}, {Respondent_name} of {Outlet name}',
      options: 'Yes {brand}, No',
    });
  });

  it('refuses an unknown field or question in the title, an option or the instruction, and keeps the question as it was', async () => {
    const api = await admin();
    const c = await campaignWithTable();
    const [q1, q2] = await addQuestions(api, [
      newQuestion(c.campaignName),
      newQuestion(c.campaignName, { title: 'Second' }),
    ]);
    if (!q1 || !q2) throw new Error('no questions');
    const cases: [Record<string, unknown>, RegExp][] = [
      [
        { title: 'Hello {shop}' },
        /^Unknown lead field "\{shop\}" in the title of Q2: the campaign's columns are .*Outlet name, tier$/,
      ],
      [
        { options: 'Yes, No {Q7}' },
        /^Unknown question "\{Q7\}" in option 2 \("No \{Q7\}"\) of Q2: the campaign's questions are Q1$/,
      ],
      [{ instruction: 'Read {Q2} back' }, /^Unknown question "\{Q2\}" in the instruction of Q2/],
    ];
    for (const [changes, message] of cases) {
      const r = await api.put('/questions/updateQuestion', edit(q2, changes));
      expect(r.status, JSON.stringify(changes)).toBe(400);
      expect(messageOf(r)).toMatch(message);
    }
    expect((await api.get(`/questions/getQuestion/${q2.id}`)).body).toEqual(q2);
  });
});
