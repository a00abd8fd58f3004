// Per agent, the records of the insights' range awaiting the agent's acknowledgement and those of them overdue
// (docs/guide/qc-insights.md, Acknowledgements): one grouped query over the range's records, the acknowledgement,
// dispute and review tables anti-joined by their keys on the record's id.
import { sql } from 'kysely';
import type { TAcknowledgementFigures, TQcInsightsQuery } from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { acknowledgementDueAt, awaitingAcknowledgement } from '../qc/acknowledgement-due.ts';
import { recordFilter } from './record-filter.ts';

type Row = { agentId: string; unacknowledged: string; overdue: string };

export const noAcknowledgementsDue = (): TAcknowledgementFigures => ({ unacknowledged: 0, overdue: 0 });

/** By agentId; an agent with none awaiting is not in the map. `now` decides what is overdue. */
export async function countUnacknowledged(
  db: Db,
  q: TQcInsightsQuery,
  inspectorId?: number,
  now: Date = new Date(),
): Promise<Map<string, TAcknowledgementFigures>> {
  const { rows } = await sql<Row>`
    select r.agent_id as "agentId", count(*) as unacknowledged,
      count(*) filter (where ${acknowledgementDueAt('r', 'w')} < ${now}) as overdue
    from qc_records r
    left join qc_acknowledgement_windows w on w.campaign_id = r.campaign_id
    where ${recordFilter(q, inspectorId)} and ${awaitingAcknowledgement('r')}
    group by r.agent_id`.execute(db);
  return new Map(
    rows.map((r) => [r.agentId, { unacknowledged: Number(r.unacknowledged), overdue: Number(r.overdue) }]),
  );
}

/** The figures summed over every agent. */
export function sumAcknowledgements(byAgent: ReadonlyMap<string, TAcknowledgementFigures>): TAcknowledgementFigures {
  const total = noAcknowledgementsDue();
  for (const a of byAgent.values()) {
    total.unacknowledged += a.unacknowledged;
    total.overdue += a.overdue;
  }
  return total;
}
