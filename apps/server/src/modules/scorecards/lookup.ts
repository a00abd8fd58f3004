// The scorecard a QC record is scored on: a version by id, and the version a campaign uses for in-house or client QC.
import { STANDARD_SCORECARD_ID, type TQcKind, type TScorecardDefinition, type TScorecardState } from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';

export type TScorecardVersion = {
  id: number;
  scorecardId: number;
  version: number;
  name: string;
  state: TScorecardState;
  builtIn: boolean;
  definition: TScorecardDefinition;
};

// A published version's content never changes (only its state, to retired), so its definition is kept once read.
const publishedDefinitions = new Map<number, TScorecardDefinition>();

/** One version (404 when there is none). */
export async function findScorecardVersion(db: Db, id: number): Promise<TScorecardVersion> {
  const kept = publishedDefinitions.get(id);
  const row = await db
    .selectFrom('scorecards')
    .select(['id', 'scorecardId', 'version', 'name', 'state', 'builtIn'])
    .$if(kept === undefined, (q) => q.select('definition'))
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(`No scorecard with id ${id}`);
  const definition = kept ?? (row as typeof row & { definition: TScorecardDefinition }).definition;
  if (row.state !== 'draft') publishedDefinitions.set(id, definition);
  return { ...row, definition };
}

/** The version id a campaign uses for this kind of QC: its choice, else the built-in "Standard". */
export async function campaignScorecardId(db: Db, campaignId: number | null, kind: TQcKind): Promise<number> {
  if (campaignId === null) return STANDARD_SCORECARD_ID;
  const row = await db
    .selectFrom('campaignScorecards')
    .select(['inHouseId', 'clientId'])
    .where('campaignId', '=', campaignId)
    .executeTakeFirst();
  if (!row) return STANDARD_SCORECARD_ID;
  return kind === 'in-house' ? row.inHouseId : row.clientId;
}
