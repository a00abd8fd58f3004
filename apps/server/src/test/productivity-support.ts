// Test support of the productivity tests: sign-in records, call attempts and QC records written straight into the
// database at chosen local times, so every figure of docs/guide/productivity.md can be worked out by hand.
import { sql } from 'kysely';
import type { TStoredMarks } from '@crm/shared';
import type { Db } from '../db/schema.ts';
import type { TestContext, TestUser } from './harness.ts';
import { addLead } from './crm-support.ts';
import { atLocal } from './time-zones.ts';

export type SessionSpec = {
  user: TestUser;
  campaign: { id: number; campaignName: string };
  shift: 'Morning' | 'Evening';
  /** Local wall clocks 'yyyy-MM-dd HH:mm:ss'; no `out`: never signed out, ending at `expires`. */
  in: string;
  out?: string;
  expires?: string;
};

/** A sign-in record; returns its id. */
export async function insertSession(t: TestContext, s: SessionSpec): Promise<number> {
  const tz = t.config.timeZone;
  const signedIn = atLocal(tz, s.in);
  const out = s.out === undefined ? null : atLocal(tz, s.out);
  const expires = s.expires === undefined ? new Date(signedIn.getTime() + 86_400_000) : atLocal(tz, s.expires);
  const { rows } = await sql<{ id: number }>`
    insert into agent_sessions (user_id, agent_id, agent_name, shift, campaign_id, campaign_name, signed_in_at, expires_at, signed_out_at)
    values (${s.user.id}, ${s.user.username}, ${s.user.name}, ${s.shift}, ${s.campaign.id}, ${s.campaign.campaignName},
      ${signedIn}, ${expires}, ${out})
    returning id`.execute(t.db);
  const [row] = rows;
  if (row === undefined) throw new Error('No session written');
  return row.id;
}

export type AttemptSpec = {
  user: TestUser;
  campaignId: number;
  sessionId: number | null;
  /** The local wall clock the call ended. */
  endedAt: string;
  handleSeconds: number;
  disposition: 'COMPLETE' | 'NOANSWER' | 'CALLBACK' | 'REFUSED';
};

const KINDS = { COMPLETE: 'completed', NOANSWER: 'retry', CALLBACK: 'callback', REFUSED: 'final' } as const;

let phone = 0;

/** A call attempt on a lead of its own; returns the attempt's id. */
export async function insertAttempt(t: TestContext, a: AttemptSpec): Promise<string> {
  phone += 1;
  const leadId = await addLead(
    t,
    a.campaignId,
    `+88017${String(process.pid % 1000).padStart(3, '0')}${String(phone).padStart(5, '0')}`,
  );
  const ended = atLocal(t.config.timeZone, a.endedAt);
  const row = await t.db
    .insertInto('callAttempts')
    .values({
      leadId: String(leadId),
      campaignId: a.campaignId,
      userId: a.user.id,
      agentId: a.user.username,
      sessionId: a.sessionId,
      startedAt: new Date(ended.getTime() - a.handleSeconds * 1000),
      endedAt: ended,
      handleSeconds: a.handleSeconds,
      dispositionCode: a.disposition,
      dispositionName: a.disposition,
      dispositionKind: KINDS[a.disposition],
      vicidialStatus: null,
      completed: a.disposition === 'COMPLETE',
      dialerCallId: null,
      dialerStatus: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A QC record with its total given (and marks, for an auto-fail); agentUserId null: matched by the username. */
export async function insertQcRecord(
  db: Db,
  r: {
    agent: TestUser;
    byUsername?: boolean;
    campaignName: string;
    callDate: string;
    total: number;
    scorecardId?: number;
    marks?: TStoredMarks;
    kind?: 'in-house' | 'client';
  },
): Promise<number> {
  const row = await db
    .insertInto('qcRecords')
    .values({
      kind: r.kind ?? 'in-house',
      callDate: r.callDate,
      agentUserId: r.byUsername ? null : r.agent.id,
      agentId: r.agent.username,
      agentName: r.agent.name,
      campaignName: r.campaignName,
      consumerNumber: '01712345678',
      duration: 90,
      qcInspectorId: null,
      qcInspector: 'qc1',
      scorecardId: r.scorecardId ?? 1,
      marks: JSON.stringify(r.marks ?? {}),
      fatalReason: '',
      easVoiceMatchedWithReport: 'Yes',
      suggestion: '',
      total: r.total,
      agentGrade: 'Meet Expectation',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
