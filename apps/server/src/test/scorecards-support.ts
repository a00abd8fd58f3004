// Helpers of the scorecards tests: a small valid definition, making and publishing versions through the API, and QC
// records on any version written straight to the table (for what-if's worked examples).
import { expect } from 'vitest';
import {
  SCORECARD_FILE_FORMAT,
  type TCampaignScorecards,
  type TScorecard,
  type TScorecardDefinitionInput,
  type TStoredMarks,
} from '@crm/shared';
import type { Db } from '../db/schema.ts';
import type { Caller } from './harness.ts';

let seq = 0;
/** A name no other test's scorecard has. */
export const uniqueName = (stem = 'Scorecard') => `${stem} ${process.pid}-${(seq += 1)}`;

/**
 * Two sections in points mode: Opening (greeting Yes 10 / No 0, N/A allowed) and Close (resolved Yes 20 / Partly 10 /
 * No 0; summary Yes 10 / No 0, its No an auto-fail). Best marks add up to 40. Pass mark 75; today's four bands.
 */
export function smallDefinition(overrides: Partial<TScorecardDefinitionInput> = {}): TScorecardDefinitionInput {
  return {
    name: uniqueName(),
    scoringMode: 'points',
    passMark: 75,
    autoFailResult: 'zeroTotal',
    sections: [
      {
        name: 'Opening',
        criteria: [
          {
            key: 'greeting',
            name: 'Greeting',
            question: 'Did the agent greet the customer by name?',
            choices: [
              { label: 'Yes', marks: 10 },
              { label: 'No', marks: 0 },
            ],
            allowNa: true,
            autoFailChoice: null,
            commentRequired: false,
          },
        ],
      },
      {
        name: 'Close',
        criteria: [
          {
            key: 'resolved',
            name: 'Resolved',
            question: "Was the customer's question resolved?",
            choices: [
              { label: 'Yes', marks: 20 },
              { label: 'Partly', marks: 10 },
              { label: 'No', marks: 0 },
            ],
            allowNa: false,
            autoFailChoice: null,
            commentRequired: true,
          },
          {
            key: 'summary',
            name: 'Summary',
            question: 'Did the agent sum up the call?',
            choices: [
              { label: 'Yes', marks: 10 },
              { label: 'No', marks: 0 },
            ],
            allowNa: false,
            autoFailChoice: 'No',
            commentRequired: false,
          },
        ],
      },
    ],
    ...overrides,
  };
}

/** The file export writes and import reads, around a definition. */
export const scorecardFile = (scorecard: unknown) => ({ format: SCORECARD_FILE_FORMAT, formatVersion: 1, scorecard });

export async function createDraft(admin: Caller, body: unknown = smallDefinition()): Promise<TScorecard> {
  const r = await admin.post('/api/scorecards', body);
  expect(r.status, r.text).toBe(200);
  return r.json<TScorecard>();
}

export async function publish(admin: Caller, id: number): Promise<TScorecard> {
  const r = await admin.post(`/api/scorecards/${id}/publish`);
  expect(r.status, r.text).toBe(200);
  return r.json<TScorecard>();
}

/** A published version 1 of a new scorecard. */
export async function createPublished(admin: Caller, body: unknown = smallDefinition()): Promise<TScorecard> {
  return publish(admin, (await createDraft(admin, body)).id);
}

export async function chooseScorecards(
  admin: Caller,
  campaignName: string,
  inHouse: number,
  client: number,
): Promise<TCampaignScorecards> {
  const r = await admin.put('/api/campaign-scorecards', { campaignName, inHouse, client });
  expect(r.status, r.text).toBe(200);
  return r.json<TCampaignScorecards>();
}

/** A QC record on a version as the table keeps it: its marks, total and grade given (what a save would have stored). */
export async function insertScoredRecord(
  db: Db,
  r: {
    campaign: { id: number; campaignName: string };
    scorecardId: number;
    marks: TStoredMarks;
    total: number;
    agentGrade: string;
    kind?: 'in-house' | 'client';
    callDate?: string;
    agentId?: string;
  },
): Promise<number> {
  const row = await db
    .insertInto('qcRecords')
    .values({
      kind: r.kind ?? 'in-house',
      callDate: r.callDate ?? '2026-11-20',
      agentUserId: null,
      agentId: r.agentId ?? 'agent1',
      agentName: 'Rina Akter',
      campaignId: r.campaign.id,
      campaignName: r.campaign.campaignName,
      consumerNumber: '01712345678',
      duration: 95,
      qcInspectorId: null,
      qcInspector: 'qc1',
      scorecardId: r.scorecardId,
      marks: JSON.stringify(r.marks),
      fatalReason: '',
      easVoiceMatchedWithReport: 'yes',
      suggestion: '',
      total: r.total,
      agentGrade: r.agentGrade,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
