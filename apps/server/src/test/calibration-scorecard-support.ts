// Helpers of the calibration-on-any-scorecard tests: a 3-section weighted scorecard (N/A, auto-fail) published and
// given to a second campaign through the API, a session with one "Standard" call and one call on it, and marks.
import { expect } from 'vitest';
import type { TCalibrationScoring, TCalibrationSession, TScorecard, TScorecardDefinitionInput } from '@crm/shared';
import { createCampaign, type Caller, type TestContext } from './harness.ts';
import { createSession, type CalibrationWorld } from './calibration-support.ts';
import { chooseScorecards, createPublished, uniqueName } from './scorecards-support.ts';

const yesNo = [
  { label: 'Yes', marks: 10 },
  { label: 'No', marks: 0 },
];

/**
 * Weighted, three sections: Opening 20 (greeting Yes 10 / No 0, N/A allowed), Discovery 50 (needs Yes 10 / Partly 5 /
 * No 0), Close 30 (resolved Yes 10 / No 0, its No an auto-fail: total 0). Pass mark 70; today's four bands.
 */
export function threeSectionDefinition(): TScorecardDefinitionInput {
  const criterion = (key: string, name: string, extra: Record<string, unknown> = {}) => ({
    key,
    name,
    question: `${name}?`,
    choices: yesNo,
    allowNa: false,
    autoFailChoice: null,
    commentRequired: false,
    ...extra,
  });
  return {
    name: uniqueName('Calibration card'),
    scoringMode: 'weighted',
    passMark: 70,
    autoFailResult: 'zeroTotal',
    sections: [
      { name: 'Opening', weight: 20, criteria: [criterion('greeting', 'Greeting', { allowNa: true })] },
      {
        name: 'Discovery',
        weight: 50,
        criteria: [
          criterion('needs', 'Needs found', {
            choices: [
              { label: 'Yes', marks: 10 },
              { label: 'Partly', marks: 5 },
              { label: 'No', marks: 0 },
            ],
          }),
        ],
      },
      { name: 'Close', weight: 30, criteria: [criterion('resolved', 'Resolved', { autoFailChoice: 'No' })] },
    ],
  };
}

export type ScorecardSession = { session: TCalibrationSession; card: TScorecard; otherCampaign: string };

/** A session of the world's inspectors: call 0 on the world's campaign ("Standard"), call 1 on a campaign using `card`. */
export async function scorecardSession(t: TestContext, w: CalibrationWorld): Promise<ScorecardSession> {
  const card = await createPublished(w.admin, threeSectionDefinition());
  const other = await createCampaign(t.db);
  await chooseScorecards(w.admin, other.campaignName, card.id, 1);
  const session = await createSession(w, {
    calls: [
      { campaignName: w.campaign, consumerNumber: '01712345678', callDate: '2026-11-20' },
      { campaignName: other.campaignName, consumerNumber: '01812345678', callDate: '2026-11-20' },
    ],
  });
  return { session, card, otherCampaign: other.campaignName };
}

/** `scorecard: {id, marks}` from choices by key (null: N/A). */
export function marksBody(id: number, choices: Record<string, string | null>, comment = '') {
  return {
    scorecard: { id, marks: Object.entries(choices).map(([key, choice]) => ({ key, choice })) },
    comment,
  };
}

export async function scoreOn(
  api: Caller,
  s: TCalibrationSession,
  call: number,
  body: unknown,
): Promise<TCalibrationScoring> {
  const r = await api.put(`/api/calibration/${s.id}/calls/${s.calls[call]?.id}/scoring`, body);
  expect(r.status, r.text).toBe(200);
  return r.json<TCalibrationScoring>();
}
