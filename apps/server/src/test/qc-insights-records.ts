// Test support of the QC insights tests: QC records written straight into the database with chosen marks (the total
// and grade from qc-scoring.ts), disputes of them as migration 0018 stores them, and a 3-section scorecard.
import { sql } from 'kysely';
import { bestScores, type TQcScores, type TScorecardDefinitionInput } from '@crm/shared';
import type { Db } from '../db/schema.ts';
import type { TestUser } from './harness.ts';
import { standardValues } from '../modules/qc/scoring.ts';

export type RecordSpec = {
  agent: { id?: number; agentId: string; agentName: string };
  inspector: TestUser;
  callDate: string;
  marks?: Partial<TQcScores>;
  campaignName?: string;
  kind?: 'in-house' | 'client';
};

/** Inserts one record (every unnamed criterion at its best) and returns its id. */
export async function insertRecord(db: Db, spec: RecordSpec): Promise<number> {
  const marks = { ...bestScores(), ...spec.marks };
  const row = await db
    .insertInto('qcRecords')
    .values({
      kind: spec.kind ?? 'in-house',
      callDate: spec.callDate,
      agentUserId: spec.agent.id ?? null,
      agentId: spec.agent.agentId,
      agentName: spec.agent.agentName,
      campaignName: spec.campaignName ?? 'Alpha',
      consumerNumber: '01712345678',
      duration: 90,
      qcInspectorId: spec.inspector.id,
      qcInspector: spec.inspector.username,
      ...standardValues(marks),
      fatalReason: '',
      easVoiceMatchedWithReport: 'Yes',
      suggestion: '',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export type DisputeSpec = {
  recordId: number;
  inspector: TestUser;
  raisedAt: string;
  answeredAt?: string;
  escalatedAt?: string;
  decidedAt?: string;
  status: 'open' | 'answered' | 'escalated' | 'decided';
  criteria: {
    criterion: string;
    outcome?: 'kept' | 'accepted' | 'changed';
    decision?: 'kept' | 'accepted' | 'changed';
  }[];
};

/** A dispute of the record (with the agent review it belongs to) and its criteria. */
export async function insertDispute(db: Db, spec: DisputeSpec): Promise<void> {
  const review = await db
    .insertInto('agentReviews')
    .values({ qcId: spec.recordId, agentUserId: null, agreed: 'No', raiseConcern: true, comment: 'Disputed' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ts = (v: string | undefined) => (v === undefined ? null : v);
  const { rows } = await sql<{ id: number }>`
    insert into disputes (qc_record_id, review_id, inspector_id, status, raised_at, answer_due_at, answered_at, escalated_at, decided_at)
    values (${spec.recordId}, ${review.id}, ${spec.inspector.id}, ${spec.status}, ${spec.raisedAt}::timestamptz,
      ${spec.raisedAt}::timestamptz + interval '48 hours', ${ts(spec.answeredAt)}::timestamptz, ${ts(spec.escalatedAt)}::timestamptz, ${ts(spec.decidedAt)}::timestamptz)
    returning id`.execute(db);
  const disputeId = rows[0]?.id;
  for (const c of spec.criteria) {
    await sql`insert into dispute_criteria (dispute_id, criterion, original_mark, proposed_mark, reason, outcome, decision)
      values (${disputeId}, ${c.criterion}, 0, 10, 'I did that', ${c.outcome ?? null}, ${c.decision ?? null})`.execute(
      db,
    );
  }
}

const yesNo = (yes: number) => [
  { label: 'Yes', marks: yes },
  { label: 'No', marks: 0 },
];

/**
 * "Insights client form", points mode, three sections: Opening (greet: Yes 10 / No 0, N/A allowed), Needs (probe: Yes
 * 20 / Partly 10 / No 0; `probeBest` moves its scale to Yes 30 / Partly 15 / No 0) and Close (summary: Yes 10 / No 0).
 */
export function threeSectionCard(change: { greetName?: string; probeBest?: 20 | 30 } = {}): TScorecardDefinitionInput {
  const best = change.probeBest ?? 20;
  const criterion = (key: string, name: string, choices: { label: string; marks: number }[], allowNa = false) => ({
    key,
    name,
    question: `${name}?`,
    choices,
    allowNa,
    autoFailChoice: null,
    commentRequired: false,
  });
  return {
    name: 'Insights client form',
    scoringMode: 'points',
    passMark: 70,
    sections: [
      { name: 'Opening', criteria: [criterion('greet', change.greetName ?? 'Greeting', yesNo(10), true)] },
      {
        name: 'Needs',
        criteria: [
          criterion('probe', 'Probe', [
            { label: 'Yes', marks: best },
            { label: 'Partly', marks: best / 2 },
            { label: 'No', marks: 0 },
          ]),
        ],
      },
      { name: 'Close', criteria: [criterion('summary', 'Summary', yesNo(10))] },
    ],
  };
}
