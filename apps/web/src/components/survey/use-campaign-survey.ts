// A campaign's survey as the logic screens, the View Full CRM and the agent's CRM read it: its questions in qno order, their rules and
// their "show only if" conditions.
import { useQuery } from '@tanstack/react-query';
import type { TLogicRule, TQuestion, TQuestionCondition } from '@crm/shared';
import { campaignConditionsKey, campaignQuestionsKey, campaignRulesKey } from '../../app/query-keys.ts';
import { fetchCampaignConditions, fetchCampaignQuestions, fetchCampaignRules } from './survey-reads.ts';

export type TCampaignSurvey = {
  questions: TQuestion[];
  byId: Map<number, TQuestion>;
  /** Each question's rules, by question id (questions without rules are absent). */
  rulesOf: (questionId: number) => TLogicRule[];
  rules: TLogicRule[];
  conditions: TQuestionCondition[];
  /** A question's "show only if", or undefined when it is always shown. */
  conditionOf: (questionId: number) => TQuestionCondition | undefined;
};

export function buildSurvey(
  questions: TQuestion[],
  rules: TLogicRule[],
  conditions: TQuestionCondition[] = [],
): TCampaignSurvey {
  const grouped = new Map<number, TLogicRule[]>();
  for (const rule of rules) grouped.set(rule.questionId, [...(grouped.get(rule.questionId) ?? []), rule]);
  const byQuestion = new Map(conditions.map((c) => [c.questionId, c]));
  return {
    questions,
    rules,
    conditions,
    byId: new Map(questions.map((q) => [q.id, q])),
    rulesOf: (id) => grouped.get(id) ?? [],
    conditionOf: (id) => byQuestion.get(id),
  };
}

/** The three reads at once; `survey` is undefined until all have answered. */
export function useCampaignSurvey(campaignName: string | undefined) {
  const enabled = campaignName !== undefined && campaignName !== '';
  const name = campaignName ?? '';
  const questions = useQuery({
    queryKey: campaignQuestionsKey(name),
    queryFn: () => fetchCampaignQuestions(name),
    enabled,
    staleTime: 0,
  });
  const rules = useQuery({
    queryKey: campaignRulesKey(name),
    queryFn: () => fetchCampaignRules(name),
    enabled,
    staleTime: 0,
  });
  const conditions = useQuery({
    queryKey: campaignConditionsKey(name),
    queryFn: () => fetchCampaignConditions(name),
    enabled,
    staleTime: 0,
  });
  const survey =
    questions.data !== undefined && rules.data !== undefined && conditions.data !== undefined
      ? buildSurvey(questions.data, rules.data, conditions.data)
      : undefined;
  const error = questions.error ?? rules.error ?? conditions.error;
  return {
    survey,
    pending: enabled && (questions.isPending || rules.isPending || conditions.isPending),
    error,
    refetch: () => Promise.all([questions.refetch(), rules.refetch(), conditions.refetch()]),
  };
}
