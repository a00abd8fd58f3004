// A campaign's survey as the logic screens and the full CRM view read it: its questions in qno order and their rules.
import { useQuery } from '@tanstack/react-query';
import type { TLogicRule, TQuestion } from '@crm/shared';
import { campaignQuestionsKey, fetchCampaignQuestions } from '../questions/api.ts';
import { campaignRulesKey, fetchCampaignRules } from './api.ts';

export type TCampaignSurvey = {
  questions: TQuestion[];
  byId: Map<number, TQuestion>;
  /** Each question's rules, by question id (questions without rules are absent). */
  rulesOf: (questionId: number) => TLogicRule[];
  rules: TLogicRule[];
};

export function buildSurvey(questions: TQuestion[], rules: TLogicRule[]): TCampaignSurvey {
  const grouped = new Map<number, TLogicRule[]>();
  for (const rule of rules) grouped.set(rule.questionId, [...(grouped.get(rule.questionId) ?? []), rule]);
  return { questions, rules, byId: new Map(questions.map((q) => [q.id, q])), rulesOf: (id) => grouped.get(id) ?? [] };
}

/** Both reads at once; `survey` is undefined until both have answered. */
export function useCampaignSurvey(campaignName: string | undefined) {
  const enabled = campaignName !== undefined && campaignName !== '';
  const name = campaignName ?? '';
  const questions = useQuery({ queryKey: campaignQuestionsKey(name), queryFn: () => fetchCampaignQuestions(name), enabled, staleTime: 0 });
  const rules = useQuery({ queryKey: campaignRulesKey(name), queryFn: () => fetchCampaignRules(name), enabled, staleTime: 0 });
  const survey = questions.data !== undefined && rules.data !== undefined ? buildSurvey(questions.data, rules.data) : undefined;
  const error = questions.error ?? rules.error;
  return {
    survey,
    pending: enabled && (questions.isPending || rules.isPending),
    error,
    refetch: () => Promise.all([questions.refetch(), rules.refetch()]),
  };
}
