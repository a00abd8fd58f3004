import { describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import {
  LEAD_NOT_GENERATED,
  PLACEHOLDER_STAND_IN,
  type TLead,
  type TLookedUpLead,
  type TTokenPayload,
  type TVersionedSurvey,
} from '@crm/shared';
import { poolOf } from '../../db/database.ts';
import { findLeadLayout, toVersionedLead } from '../leads/layout.ts';
import { createCampaign, useTestApp, type Caller } from '../../test/harness.ts';
import { addQuestions, newQuestion } from '../../test/questions-support.ts';
import { addLead, lookUp, lookupUrl, panelCampaign, storedLead } from '../../test/crm-support.ts';
import { findLeadByNumber } from './lookup.ts';

const t = useTestApp();

async function surveyVersionOf(campaignId: number): Promise<number> {
  const row = await t.db
    .selectFrom('campaigns')
    .select('surveyVersion')
    .where('id', '=', campaignId)
    .executeTakeFirstOrThrow();
  return row.surveyVersion;
}

describe('GET /api/ap/getByNumber', () => {
  it('finds the generated lead whichever common format the number is written in', async () => {
    const c = await panelCampaign(t);
    const id = await addLead(t, c.id, '+8801712345678');
    const formats = [
      '01712345678',
      '8801712345678',
      '+8801712345678',
      '+88 017 1234 5678',
      '017-1234-5678',
      ' 0171 234 5678 ',
      '+880 1712-345678',
      '1712345678',
    ];
    for (const format of formats) {
      const lead = await lookUp(c.agent, c.name, format);
      expect(lead.id, format).toBe(id);
      expect(lead.cell_number).toBe('+8801712345678');
    }
  });

  it('answers the flat shape: the default columns, the data table columns, the answers, then the version', async () => {
    const c = await panelCampaign(t);
    const id = await addLead(t, c.id, '+8801812345678', {
      fields: { shop: 'Corner Store', tier: 'B' },
      respondentName: 'Karim',
    });
    await t.db
      .updateTable('leads')
      .set({ answers: JSON.stringify({ Q1: 'Yes', Q2: 'Partial Call' }) })
      .where('id', '=', String(id))
      .execute();
    const lead = await lookUp(c.admin, c.name, '01812345678');
    expect(Object.keys(lead)).toEqual([
      'id',
      'did',
      'data_status',
      'br_id',
      'region',
      'territory',
      'area',
      'respondent_name',
      'cell_number',
      'data_date',
      'brand',
      'target_selector',
      'for_d',
      'generate_status',
      'is_called',
      'createdAt',
      'shop',
      'tier',
      'Q1',
      'Q2',
      'Q3',
      'Q4',
      'version',
      'surveyVersion',
      'survey',
      'callStartedAt',
    ]);
    expect(lead).toMatchObject({
      respondent_name: 'Karim',
      region: 'Dhaka',
      data_date: '2026-11-20',
      for_d: 'd',
      is_called: 0,
      shop: 'Corner Store',
      tier: 'B',
      Q1: 'Yes',
      Q2: 'Partial Call',
      Q3: null,
      version: 0,
    });
  });

  it('writes exactly the flat lead the lead list gives (with the version), whatever text the lead holds', async () => {
    const c = await panelCampaign(t);
    const awkward = 'He said "hi" \\ then\nleft\t— ঢাকা 😀 </script>';
    const id = await addLead(t, c.id, '+8801812345600', {
      fields: { shop: awkward, tier: '' },
      respondentName: awkward,
    });
    await t.db
      .updateTable('leads')
      .set({
        answers: JSON.stringify({ Q1: awkward, Q3: '12', Q9: 'a deleted question' }),
        createdAt: sql`timestamptz '2026-11-20T10:11:12.345678Z'`,
      })
      .where('id', '=', String(id))
      .execute();
    const reply = await c.agent.get(lookupUrl(c.name, '01812345600'));
    const expected = toVersionedLead(await storedLead(t, id), await findLeadLayout(t.db, c.name));
    const { survey, surveyVersion, callStartedAt, ...flat } = reply.json<TLookedUpLead>();
    expect(typeof callStartedAt).toBe('string');
    expect(flat).toEqual(expected);
    expect(Object.keys(flat)).toEqual(Object.keys(expected));
    // Its questions name no lead field: their texts come once per version from GET /api/logic/survey.
    expect(survey).toEqual([]);
    expect(surveyVersion).toBe(await surveyVersionOf(c.id));
    expect(reply.json<TLead>()).toMatchObject({
      respondent_name: awkward,
      shop: awkward,
      tier: '',
      Q1: awkward,
      Q2: null,
      Q3: '12',
      createdAt: '2026-11-20T10:11:12.345Z',
    });
    expect(reply.json<TLead>()).not.toHaveProperty('Q9');
  });

  it("answers 'Lead is not generated' for a fresh lead, an unknown number and another campaign's lead", async () => {
    const c = await panelCampaign(t);
    const other = await panelCampaign(t);
    await addLead(t, c.id, '+8801911111111', { generated: false });
    await addLead(t, other.id, '+8801922222222');
    for (const number of ['01911111111', '01933333333', '01922222222']) {
      const r = await c.agent.get(lookupUrl(c.name, number));
      expect(r.status, number).toBe(200);
      expect(r.body).toEqual({ message: LEAD_NOT_GENERATED });
    }
  });

  it('gives the newest date when the number was generated on several dates', async () => {
    const c = await panelCampaign(t);
    await addLead(t, c.id, '+8801555555555', { dataDate: '2026-11-18' });
    const newest = await addLead(t, c.id, '+8801555555555', { dataDate: '2026-11-19' });
    await addLead(t, c.id, '+8801555555555', { dataDate: '2026-11-20', generated: false });
    expect((await lookUp(c.agent, c.name, '01555555555')).id).toBe(newest);
  });

  it('gives the lead named by ?leadId= when that lead has the number, else the usual lead of the number', async () => {
    const c = await panelCampaign(t);
    const other = await panelCampaign(t);
    const older = await addLead(t, c.id, '+8801555555556', { dataDate: '2026-11-18' });
    const newest = await addLead(t, c.id, '+8801555555556', { dataDate: '2026-11-19' });
    const fresh = await addLead(t, c.id, '+8801555555556', { dataDate: '2026-11-20', generated: false });
    const anotherNumber = await addLead(t, c.id, '+8801555555557');
    const otherCampaigns = await addLead(t, other.id, '+8801555555556');
    const lookUpNaming = async (leadId: number) => {
      const r = await c.agent.get(`${lookupUrl(c.name, '01555555556')}&leadId=${leadId}`);
      expect(r.status, r.text).toBe(200);
      return r.json<TLookedUpLead>();
    };
    const lead = await lookUpNaming(older);
    expect(lead).toMatchObject({ id: older, data_date: '2026-11-18', cell_number: '+8801555555556' });
    expect(lead.surveyVersion).toBe(await surveyVersionOf(c.id));
    // The call that starts is the named lead's.
    const starts = await t.db
      .selectFrom('callStarts')
      .select('leadId')
      .where('leadId', 'in', [String(older), String(newest)])
      .execute();
    expect(starts.map((s) => Number(s.leadId))).toEqual([older]);
    expect((await lookUpNaming(newest)).id).toBe(newest);
    // A lead that is not the number's generated lead of this campaign names nothing: the number's newest lead.
    for (const id of [fresh, anotherNumber, otherCampaigns, 999_999_999])
      expect((await lookUpNaming(id)).id, String(id)).toBe(newest);
    expect((await lookUp(c.agent, c.name, '01555555556')).id).toBe(newest);
  });

  it('answers 400 for a ?leadId= that is no lead id', async () => {
    const c = await panelCampaign(t);
    await addLead(t, c.id, '+8801555555558');
    for (const leadId of ['abc', '0', '-3', '1.5', '']) {
      const r = await c.agent.get(`${lookupUrl(c.name, '01555555558')}&leadId=${leadId}`);
      expect(r.status, leadId).toBe(400);
      expect(r.json<{ message: string }>().message, leadId).toContain('leadId must be a lead id');
    }
  });

  it("refuses an agent another campaign's leads with 403, and anonymous callers with 401", async () => {
    const c = await panelCampaign(t);
    const other = await panelCampaign(t);
    await addLead(t, other.id, '+8801644444444');
    const r = await c.agent.get(lookupUrl(other.name, '01644444444'));
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ message: 'You are signed in to another campaign' });
    expect((await t.anonymous.get(lookupUrl(other.name, '01644444444'))).status).toBe(401);
    // QC inspectors look calls up in any campaign (the QC panel).
    const qc = await t.callerFor('qc');
    expect((await lookUp(qc, other.name, '01644444444')).cell_number).toBe('+8801644444444');
  });

  it('answers 400 for a missing or impossible number and 404 for an unknown campaign', async () => {
    const c = await panelCampaign(t);
    const missing = await c.agent.get(`/api/ap/getByNumber?tableName=${encodeURIComponent(c.name)}&cellNumber=%20`);
    expect(missing.status).toBe(400);
    expect(missing.json<{ message: string }>().message).toContain('The lead search needs a cell number');
    const garbage = await c.agent.get(lookupUrl(c.name, 'abc'));
    expect(garbage.status).toBe(400);
    expect(garbage.body).toEqual({ message: '"abc" is not a phone number' });
    const admin = c.admin;
    const unknown = await admin.get(lookupUrl('No Such Campaign', '01712345678'));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Campaign "No Such Campaign" does not exist' });
  });

  it('answers each of many concurrent lookups with its own lead (they share one query per batch)', async () => {
    const c = await panelCampaign(t);
    const numbers = Array.from({ length: 60 }, (_, i) => `+880131${String(1_000_000 + i).slice(1)}0`);
    const ids = await Promise.all(numbers.map((n) => addLead(t, c.id, n)));
    const leads = await Promise.all(numbers.map((n) => lookUp(c.agent, c.name, n.replace('+880', '0'))));
    expect(leads.map((l) => l.id)).toEqual(ids);
    expect(leads.map((l) => l.cell_number)).toEqual(numbers);
  });

  it('answers concurrent lookups naming leads of one number each with its own lead, beside those naming none', async () => {
    const c = await panelCampaign(t);
    const dates = ['2026-11-15', '2026-11-16', '2026-11-17', '2026-11-18'];
    const ids: number[] = [];
    for (const dataDate of dates) ids.push(await addLead(t, c.id, '+8801555555559', { dataDate }));
    const named = ids.map(
      async (id) => (await c.agent.get(`${lookupUrl(c.name, '01555555559')}&leadId=${id}`)).json<TLead>().id,
    );
    const plain = [1, 2].map(async () => (await lookUp(c.agent, c.name, '01555555559')).id);
    expect(await Promise.all([...named, ...plain])).toEqual([...ids, ids[3], ids[3]]);
  });
});

describe('GET /api/ap/getByNumber: the questions filled from the lead', () => {
  async function lookUpWithSurvey(api: Caller, campaign: string, cellNumber: string): Promise<TLookedUpLead> {
    const r = await api.get(lookupUrl(campaign, cellNumber));
    expect(r.status, r.text).toBe(200);
    return r.json<TLookedUpLead>();
  }

  /** A campaign whose texts name lead fields, a data table column with a space, and an earlier answer. */
  async function textCampaign() {
    const c = await createCampaign(t.db);
    await t.db
      .insertInto('dataTables')
      .values({ campaignId: c.id, name: `${c.campaignName}_table`, columns: ['Outlet name'] })
      .execute();
    const admin = await t.callerFor('admin');
    const questions = await addQuestions(admin, [
      newQuestion(c.campaignName, {
        title: 'May I speak with {respondent_name}?',
        options: 'Yes, No',
        instruction: 'Ask for {Respondent_Name} at {Outlet name}',
      }),
      newQuestion(c.campaignName, {
        title: 'Do you sell {brand}?',
        options: 'Yes {brand}, Only {Q1}',
        instruction: null,
      }),
      newQuestion(c.campaignName, { title: 'You said {Q2} at {region}', type: 'Plain Text', options: '' }),
      newQuestion(c.campaignName, { title: 'Inactive {brand}', type: 'Plain Text', options: '' }),
    ]);
    const inactive = questions[3];
    if (inactive === undefined) throw new Error('no question');
    await t.db.updateTable('questions').set({ status: false }).where('id', '=', inactive.id).execute();
    const agent = await t.callerFor('agent', { campaign: c.campaignName });
    return { ...c, questions, agent };
  }

  it("carries each active question's text as written and filled with the lead's values and stored answers", async () => {
    const c = await textCampaign();
    const id = await addLead(t, c.id, '+8801712000001', {
      respondentName: 'রহিম উদ্দিন',
      fields: { 'Outlet name': 'মায়ের দোকান' },
    });
    await t.db
      .updateTable('leads')
      .set({ brand: 'Gold Leaf', answers: JSON.stringify({ Q1: 'Yes' }) })
      .where('id', '=', String(id))
      .execute();
    const lead = await lookUpWithSurvey(c.agent, c.campaignName, '01712000001');
    expect(lead.survey).toEqual([
      {
        id: c.questions[0]?.id,
        qno: 'Q1',
        title: 'May I speak with {respondent_name}?',
        options: 'Yes, No',
        instruction: 'Ask for {Respondent_Name} at {Outlet name}',
        titleFilled: 'May I speak with রহিম উদ্দিন?',
        optionsFilled: ['Yes', 'No'],
        instructionFilled: 'Ask for রহিম উদ্দিন at মায়ের দোকান',
      },
      {
        id: c.questions[1]?.id,
        qno: 'Q2',
        title: 'Do you sell {brand}?',
        options: 'Yes {brand}, Only {Q1}',
        instruction: null,
        titleFilled: 'Do you sell Gold Leaf?',
        optionsFilled: ['Yes Gold Leaf', 'Only Yes'],
        instructionFilled: null,
      },
      {
        // Q2 is not answered yet: the stand-in, never the braces (the agent's screen fills it as the call goes).
        id: c.questions[2]?.id,
        qno: 'Q3',
        title: 'You said {Q2} at {region}',
        options: '',
        instruction: null,
        titleFilled: `You said ${PLACEHOLDER_STAND_IN} at Dhaka`,
        optionsFilled: [],
        instructionFilled: null,
      },
    ]);
    // The spec's flat fields stay as they are.
    expect(lead).toMatchObject({
      respondent_name: 'রহিম উদ্দিন',
      brand: 'Gold Leaf',
      'Outlet name': 'মায়ের দোকান',
      Q1: 'Yes',
      Q2: null,
      version: 0,
    });
  });

  it('answers an empty survey for a campaign without active questions', async () => {
    const c = await createCampaign(t.db);
    const agent = await t.callerFor('agent', { campaign: c.campaignName });
    await addLead(t, c.id, '+8801712000002');
    expect((await lookUpWithSurvey(agent, c.campaignName, '01712000002')).survey).toEqual([]);
  });

  it('reads the questions in the batched lookup statement, not in a query per lead', async () => {
    const c = await textCampaign();
    const numbers = Array.from({ length: 20 }, (_, i) => `+88017130000${String(10 + i)}`);
    await Promise.all(numbers.map((n, i) => addLead(t, c.id, n, { respondentName: `Name ${i}` })));
    const qc: TTokenPayload = {
      sub: '1',
      userName: 'qc',
      name: 'QC',
      roles: [{ roleName: 'QC', roleDescription: 'QC' }],
    };
    const pool = poolOf(t.db);
    const query = vi.spyOn(pool, 'query');
    try {
      const leads = await Promise.all(
        numbers.map((n) => findLeadByNumber(t.db, qc, c.campaignName, n, 'BD', 'Asia/Dhaka')),
      );
      expect(leads.map((l) => ('survey' in l ? l.survey?.[0]?.titleFilled : undefined))).toEqual(
        numbers.map((_, i) => `May I speak with Name ${i}?`),
      );
      expect(query).toHaveBeenCalledTimes(1);
    } finally {
      query.mockRestore();
    }
  });
  it('sends only the texts filled for the lead; the rest of the survey comes from GET /api/logic/survey', async () => {
    const c = await textCampaign();
    const admin = await t.callerFor('admin');
    const [plain] = await addQuestions(admin, [newQuestion(c.campaignName, { title: 'How old are you?' })]);
    await addLead(t, c.id, '+8801712000003', { respondentName: 'Karim' });
    const lead = await lookUpWithSurvey(c.agent, c.campaignName, '01712000003');
    expect(lead.survey?.map((q) => q.qno)).toEqual(['Q1', 'Q2', 'Q3']);
    const read = await c.agent.get(`/api/logic/survey?campaignName=${encodeURIComponent(c.campaignName)}`);
    expect(read.status, read.text).toBe(200);
    const survey = read.json<TVersionedSurvey>();
    expect(survey.version).toBe(lead.surveyVersion);
    expect(survey.questions.map((q) => q.qno)).toEqual(['Q1', 'Q2', 'Q3', 'Q4', 'Q5']);
    expect(survey.questions.find((q) => q.id === plain?.id)?.title).toBe('How old are you?');
  });

  it("reads the campaign's questions once per survey version, and again after an edit made by any path", async () => {
    const c = await textCampaign();
    await addLead(t, c.id, '+8801712000004', { respondentName: 'Karim' });
    const before = await lookUpWithSurvey(c.agent, c.campaignName, '01712000004');
    const pool = poolOf(t.db);
    const query = vi.spyOn(pool, 'query');
    /** Whether each lookup statement run since the spy began carried the questions. */
    const carried = async () => {
      const runs = (query.mock.calls as unknown[][]).flatMap((args, i) => {
        const config = args[0] as { name?: string } | string;
        const result = query.mock.results[i]?.value as Promise<{ rows: { layout_questions: string | null }[] }>;
        return typeof config === 'object' && config.name === 'crm-lookup' ? [result] : [];
      });
      return (await Promise.all(runs)).map((r) => r.rows.some((row) => row.layout_questions !== null));
    };
    try {
      const again = await lookUpWithSurvey(c.agent, c.campaignName, '01712000004');
      expect(again.survey).toEqual(before.survey);
      expect(await carried()).toEqual([false]);
      // Changed straight in the database (another server, a script): the trigger moves the version on.
      await t.db
        .updateTable('questions')
        .set({ title: 'Good day, {respondent_name}?' })
        .where('id', '=', c.questions[0]?.id ?? 0)
        .execute();
      const edited = await lookUpWithSurvey(c.agent, c.campaignName, '01712000004');
      expect(edited.surveyVersion).toBeGreaterThan(before.surveyVersion ?? 0);
      expect(edited.survey?.[0]?.titleFilled).toBe('Good day, Karim?');
      expect(await carried()).toEqual([false, true]);
    } finally {
      query.mockRestore();
    }
  });

  it('moves the survey version on with each edit of a question, a logic rule or a condition, and only then', async () => {
    const c = await textCampaign();
    const admin = await t.callerFor('admin');
    const [first, second] = c.questions;
    if (first === undefined || second === undefined) throw new Error('no questions');
    const versions = [await surveyVersionOf(c.id)];
    const step = async (change: () => Promise<unknown>) => {
      await change();
      versions.push(await surveyVersionOf(c.id));
    };
    await step(() => t.db.updateTable('questions').set({ instruction: 'Smile' }).where('id', '=', first.id).execute());
    await step(() =>
      t.db
        .insertInto('logicRules')
        .values({ campaignId: c.id, questionId: first.id, optionTitle: 'Yes', questionNoToShow: second.id })
        .execute(),
    );
    await step(() =>
      t.db
        .insertInto('questionConditions')
        .values({ questionId: second.id, showIf: JSON.stringify({ all: [] }), updatedBy: 'admin' })
        .execute(),
    );
    await step(() => t.db.deleteFrom('questionConditions').where('questionId', '=', second.id).execute());
    // Not a survey edit: a lead of the campaign, another campaign's question.
    await step(() => addLead(t, c.id, '+8801712000005'));
    const other = await createCampaign(t.db);
    await step(() => addQuestions(admin, [newQuestion(other.campaignName)]));
    const [start, ...after] = versions;
    expect(after.slice(0, 4).every((v, i) => v > (versions[i] ?? Infinity))).toBe(true);
    expect(after.slice(4)).toEqual([after[3], after[3]]);
    expect(start).toBeLessThan(after[0] ?? 0);
  });

  it('reads the lists and records the starts in the batched statement: one query for ten lookups', async () => {
    const c = await panelCampaign(t);
    const numbers = Array.from({ length: 10 }, (_, i) => `+88017140000${String(10 + i)}`);
    await Promise.all(numbers.map((n) => addLead(t, c.id, n)));
    await t.db
      .insertInto('dncNumbers')
      .values([
        { campaignId: null, phoneNumber: numbers[0] ?? '', addedBy: 'admin' },
        { campaignId: c.id, phoneNumber: numbers[1] ?? '', addedBy: 'admin' },
      ])
      .execute();
    // An admin on /CRM: stopped by the lists as an agent is, and the lookup records the call's start.
    const { id: adminId } = await t.db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'admin')
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    const caller: TTokenPayload = {
      sub: String(adminId),
      userName: 'admin',
      name: 'Admin',
      roles: [{ roleName: 'ADMIN', roleDescription: 'Admin' }],
    };
    const query = vi.spyOn(poolOf(t.db), 'query');
    try {
      const outcomes = await Promise.all(
        numbers.map((n) =>
          findLeadByNumber(t.db, caller, c.name, n, 'BD', 'Asia/Dhaka').then(
            (l) => ('id' in l ? 'lead' : 'none'),
            (e: unknown) => (e instanceof Error ? e.message.slice(0, 24) : 'error'),
          ),
        ),
      );
      expect(outcomes).toEqual([
        'Do not call: on the syst',
        'Do not call: on the camp',
        ...numbers.slice(2).map(() => 'lead'),
      ]);
      expect(query).toHaveBeenCalledTimes(1);
    } finally {
      query.mockRestore();
    }
    // The calls that may go on have started; the listed numbers' leads have not.
    const started = await t.db
      .selectFrom('callStarts')
      .innerJoin('leads', 'leads.id', 'callStarts.leadId')
      .select('leads.cellNumber')
      .where('callStarts.userId', '=', adminId)
      .where('leads.campaignId', '=', c.id)
      .orderBy('leads.cellNumber')
      .execute();
    expect(started.map((r) => r.cellNumber)).toEqual(numbers.slice(2));
  });
});
