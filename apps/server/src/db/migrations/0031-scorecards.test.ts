// Migration 0031 moves every QC record's 14 marks into `marks` on the built-in "Standard": row by row, the total and the
// grade stay exactly as stored, the 14 columns read back the marks they held, and "Standard" scores them the same again.
import { sql, Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  QC_CRITERIA,
  QC_CRITERION_KEYS,
  STANDARD_SCORECARD,
  marksFromStored,
  qcGrade,
  qcTotal,
  scoreMarks,
  type TQcScores,
  type TStoredMarks,
} from '@crm/shared';
import { emptyDatabase } from '../../test/empty-database.ts';
import { migrations } from './index.ts';

const db = emptyDatabase('m0031');
const column = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Every single change from the best marks, the worst card, and 300 cards of random choices (a fixed seed). */
function cards(): TQcScores[] {
  const best = Object.fromEntries(
    QC_CRITERIA.map((c) => [c.key, Math.max(...c.scale.map((s) => s.marks))]),
  ) as TQcScores;
  const out: TQcScores[] = [best];
  for (const c of QC_CRITERIA) for (const s of c.scale) out.push({ ...best, [c.key]: s.marks });
  out.push(Object.fromEntries(QC_CRITERIA.map((c) => [c.key, Math.min(...c.scale.map((s) => s.marks))])) as TQcScores);
  let seed = 36;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let i = 0; i < 300; i += 1)
    out.push(
      Object.fromEntries(
        QC_CRITERIA.map((c) => [c.key, c.scale[Math.floor(next() * c.scale.length)]!.marks]),
      ) as TQcScores,
    );
  return out;
}

describe('migration 0031 (scorecards)', () => {
  it('keeps every total, grade and mark of the records made before it, row by row', async () => {
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const before = await migrator.migrateTo('0030-survey-versions');
    expect(before.error).toBeUndefined();
    const all = cards();
    for (const [i, scores] of all.entries()) {
      const total = qcTotal(scores);
      const columns = QC_CRITERION_KEYS.map((k) => sql.ref(column(k)));
      const values = QC_CRITERION_KEYS.map((k) => sql.lit(scores[k]));
      await sql`insert into qc_records (kind, call_date, agent_id, agent_name, campaign_name, consumer_number, qc_inspector,
                  ${sql.join(columns)}, total, agent_grade)
                values (${i % 3 === 0 ? 'client' : 'in-house'}, '2026-11-01', 'a1', 'Agent', 'Alpha', '01712345678', 'qc',
                  ${sql.join(values)}, ${total}, ${qcGrade(total)})`.execute(db);
    }
    const stored = await sql<{
      id: number;
      total: number;
      agentGrade: string;
    }>`select id, total, agent_grade from qc_records order by id`.execute(db);

    const after = await migrator.migrateToLatest();
    expect(after.error).toBeUndefined();
    const rows = await sql<
      Record<string, number> & {
        id: number;
        total: number;
        agentGrade: string;
        scorecardId: number;
        marks: TStoredMarks;
      }
    >`select * from qc_records order by id`.execute(db);
    expect(rows.rows).toHaveLength(all.length);
    for (const [i, row] of rows.rows.entries()) {
      const scores = all[i]!;
      expect({ id: row.id, total: row.total, grade: row.agentGrade }).toEqual({
        id: stored.rows[i]!.id,
        total: stored.rows[i]!.total,
        grade: stored.rows[i]!.agentGrade,
      });
      expect(row.scorecardId).toBe(1);
      expect(Object.fromEntries(QC_CRITERION_KEYS.map((k) => [k, row[k]]))).toEqual(scores);
      const again = scoreMarks(STANDARD_SCORECARD, marksFromStored(row.marks));
      expect([again.total, again.grade]).toEqual([row.total, row.agentGrade]);
      for (const c of QC_CRITERIA)
        expect(row.marks[c.key]!.choice).toBe(c.scale.find((s) => s.marks === scores[c.key])!.label);
    }
  });

  it('the 14 columns cannot be written: the marks are the one place they live', async () => {
    await expect(
      sql`update qc_records set greetings = 0 where id = (select min(id) from qc_records)`.execute(db),
    ).rejects.toThrow(/can only be updated to DEFAULT|generated column/);
  });
});
