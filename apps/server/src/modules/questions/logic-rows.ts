// How logic rule rows are read (with their campaign's name) and turned into the API's rule shape.
import type { Selectable } from 'kysely';
import type { TLogicRule } from '@crm/shared';
import type { Db, LogicRulesTable } from '../../db/schema.ts';

export type LogicRuleRow = Selectable<LogicRulesTable> & { campaignName: string };

export function toLogicRule(r: LogicRuleRow): TLogicRule {
  return {
    id: r.id,
    questionId: r.questionId,
    campaignId: r.campaignName,
    optionTitle: r.optionTitle,
    questionNoToShow: r.questionNoToShow,
    isCompletedCall: r.isCompletedCall,
  };
}

export function selectLogicRules(db: Db) {
  return db
    .selectFrom('logicRules')
    .innerJoin('campaigns', 'campaigns.id', 'logicRules.campaignId')
    .selectAll('logicRules')
    .select('campaigns.campaignName');
}
