// Scorecard files and bad input (docs/scorecards.md, The API): export and import round trip, and every malformed
// scorecard refused whole with nothing stored.
import { describe, expect, it } from 'vitest';
import {
  SCORECARD_FILE_FORMAT,
  STANDARD_SCORECARD,
  STANDARD_SCORECARD_ID,
  type TScorecard,
  type TScorecardDefinitionInput,
  type TScorecardFile,
} from '@crm/shared';
import { useTestApp } from '../../test/harness.ts';
import { auditEntries } from '../../test/audit-support.ts';
import { checksumTables } from '../../test/table-checksums.ts';
import {
  createDraft,
  createPublished,
  scorecardFile,
  smallDefinition,
  uniqueName,
} from '../../test/scorecards-support.ts';

const t = useTestApp();

/** Everything but the name: what an import of a file under a new name keeps. */
const contentOf = ({ name: _name, ...rest }: TScorecardFile['scorecard']) => rest;

describe('/api/scorecards/:id/export and /api/scorecards/import', () => {
  it('answers 401 and 403 as declared: QC inspectors export, only admins import', async () => {
    const agent = await t.callerFor('agent');
    const qc = await t.callerFor('qc');
    expect((await t.anonymous.get(`/api/scorecards/${STANDARD_SCORECARD_ID}/export`)).status).toBe(401);
    expect((await agent.get(`/api/scorecards/${STANDARD_SCORECARD_ID}/export`)).status).toBe(403);
    expect((await qc.get(`/api/scorecards/${STANDARD_SCORECARD_ID}/export`)).status).toBe(200);
    const before = await checksumTables(t.db);
    expect((await qc.post('/api/scorecards/import', scorecardFile(smallDefinition()))).status).toBe(403);
    expect((await agent.post('/api/scorecards/import', scorecardFile(smallDefinition()))).status).toBe(403);
    expect(await checksumTables(t.db)).toEqual(before);
  });

  it('exports "Standard" as a file that imports, under a new name, as an equal definition', async () => {
    const admin = await t.callerFor('admin');
    const r = await admin.get(`/api/scorecards/${STANDARD_SCORECARD_ID}/export`);
    expect(r.status).toBe(200);
    expect(r.headers['content-disposition']).toBe('attachment; filename="Standard-v1.scorecard.json"');
    const file = r.json<TScorecardFile>();
    expect(file).toEqual({ format: SCORECARD_FILE_FORMAT, formatVersion: 1, scorecard: STANDARD_SCORECARD });

    // Its own name is taken while "Standard" exists.
    const same = await admin.post('/api/scorecards/import', file);
    expect(same.status).toBe(409);
    expect(same.json()).toMatchObject({ message: 'A scorecard named "Standard" already exists', field: 'name' });

    const name = uniqueName('Standard copy');
    const imported = await admin.post('/api/scorecards/import', { ...file, scorecard: { ...file.scorecard, name } });
    expect(imported.status, imported.text).toBe(200);
    const draft = imported.json<TScorecard>();
    expect(draft).toMatchObject({ name, version: 1, scorecardId: draft.id, state: 'draft', builtIn: false });
    const again = (await admin.get(`/api/scorecards/${draft.id}/export`)).json<TScorecardFile>();
    expect(again.scorecard.name).toBe(name);
    expect(contentOf(again.scorecard)).toEqual(contentOf(STANDARD_SCORECARD));
    expect((await auditEntries(t.db, 'scorecard', draft.id)).map((e) => e.action)).toEqual(['create']);
  });

  it("round-trips a built scorecard's every field, defaults filled in", async () => {
    const admin = await t.callerFor('admin');
    const built = await createPublished(
      admin,
      smallDefinition({ description: 'Client form', autoFailResult: 'failGrade', passMark: 62.5 }),
    );
    const file = (await admin.get(`/api/scorecards/${built.id}/export`)).json<TScorecardFile>();
    expect(file.scorecard.sections[0]!.criteria[0]).toMatchObject({ guidance: '', tags: [], allowNa: true });
    const name = uniqueName('Imported');
    const imported = (
      await admin.post('/api/scorecards/import', { ...file, scorecard: { ...file.scorecard, name } })
    ).json<TScorecard>();
    const back = (await admin.get(`/api/scorecards/${imported.id}/export`)).json<TScorecardFile>();
    expect(back.scorecard).toEqual({ ...file.scorecard, name });
  });

  it('refuses a file of another format', async () => {
    const admin = await t.callerFor('admin');
    const before = await checksumTables(t.db);
    const r = await admin.post('/api/scorecards/import', { ...scorecardFile(smallDefinition()), formatVersion: 2 });
    expect(r.status).toBe(400);
    expect(r.json<{ message: string }>().message).toMatch(/formatVersion must be 1/);
    expect(await checksumTables(t.db)).toEqual(before);
  });
});

/** A valid definition with one thing wrong, and the words of its refusal. */
const BAD: [string, (d: TScorecardDefinitionInput) => TScorecardDefinitionInput, RegExp][] = [
  ['no criteria', (d) => ({ ...d, sections: [] }), /A scorecard needs at least one criterion/],
  [
    'a scale of one choice',
    (d) => withCriterion(d, { choices: [{ label: 'Yes', marks: 10 }] }),
    /A scale needs 2 to 11 choices/,
  ],
  [
    'a choice label twice',
    (d) =>
      withCriterion(d, {
        choices: [
          { label: 'Yes', marks: 10 },
          { label: 'yes', marks: 5 },
        ],
      }),
    /Greeting: the choice "yes" is there twice/,
  ],
  [
    'weights adding up to 90',
    (d) => ({
      ...d,
      scoringMode: 'weighted',
      sections: d.sections.map((s, i) => ({ ...s, weight: i === 0 ? 30 : 60 })),
    }),
    /The section weights add up to 90, not 100/,
  ],
  [
    'an auto-fail choice not on the scale',
    (d) => withCriterion(d, { autoFailChoice: 'Never' }),
    /the auto-fail choice "Never" is not one of its choices/,
  ],
];

function withCriterion(
  d: TScorecardDefinitionInput,
  change: Partial<TScorecardDefinitionInput['sections'][number]['criteria'][number]>,
): TScorecardDefinitionInput {
  const [first, ...rest] = d.sections;
  return { ...d, sections: [{ ...first!, criteria: [{ ...first!.criteria[0]!, ...change }] }, ...rest] };
}

describe('bad scorecards', () => {
  it.each(BAD)('refuses %s on create, edit and import, whole, with nothing stored', async (_what, spoil, message) => {
    const admin = await t.callerFor('admin');
    const draft = await createDraft(admin);
    const bad = spoil(smallDefinition());
    const before = await checksumTables(t.db);
    for (const r of [
      await admin.post('/api/scorecards', bad),
      await admin.post('/api/scorecards', { ...bad, copyOf: draft.id }),
      await admin.put(`/api/scorecards/${draft.id}`, bad),
      await admin.post('/api/scorecards/import', scorecardFile(bad)),
    ]) {
      expect(r.status, r.text).toBe(400);
      expect(r.json<{ message: string }>().message).toMatch(message);
    }
    expect(await checksumTables(t.db)).toEqual(before);
  });

  it('refuses to publish a version with no change, storing nothing', async () => {
    const admin = await t.callerFor('admin');
    const v1 = await createPublished(admin);
    const v2 = await createDraft(admin, { copyOf: v1.id });
    const before = await checksumTables(t.db);
    const r = await admin.post(`/api/scorecards/${v2.id}/publish`);
    expect(r.status).toBe(400);
    expect(r.json()).toMatchObject({ code: 'NO_CHANGE' });
    expect(await checksumTables(t.db)).toEqual(before);
  });
});
