// The authorization matrix's rows and probes of this area's routes (see authz-expectations.ts for the letters).
import type { ProbeSpec, World } from './types.ts';

/** Admins see every line; an inspector its own records and its own line (qB none of qA's, so none of aX's). */
const OWN_RECORDS = 'D D D A S A';
/** The xlsx is zipped, so its bytes cannot be searched for others' data: its scoping is tested in export.test.ts. */
const SCORERS = 'D D D A A A';

export const QC_INSIGHTS_EXPECTATIONS: Record<string, string> = {
  'GET /api/qcInsights': OWN_RECORDS,
  'GET /api/qcInsights/export': SCORERS,
};

// The day of qA's records of aX (the world's CALL_DATE): the probes' own records (qB's among them) are of the day after.
const RANGE = new URLSearchParams({ startDate: '2026-11-20', endDate: '2026-11-20' }).toString();

export function QC_INSIGHTS_PROBES(_w: World): Record<string, ProbeSpec> {
  return {
    'GET /api/qcInsights': { url: `/api/qcInsights?${RANGE}` },
    'GET /api/qcInsights/export': { url: `/api/qcInsights/export?${RANGE}` },
  };
}
