// How the lead browser shows a flat lead's state: generated (and in which batch), completed, its calls (attempts and the
// last disposition, docs/guide/call-loop.md) and its survey answers.
import { FIRST_BATCH, GENERATED_FOR_D, type TLead, type TLeadCallSummary } from '@crm/shared';

const ANSWER_KEY = /^Q(\d+)$/;
/** The answers column shows this many answers in full; the rest are counted. */
export const ANSWERS_SHOWN = 2;

function numberOf(value: TLead[string] | undefined): number | null {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^\d+$/.test(value.trim())) return Number(value);
  return null;
}

/** 'No' for a fresh lead, 'Yes' for the first generate, 'Yes, regenerate batch k' for a lead a regenerate added. */
export function generatedText(lead: TLead): string {
  if (lead.for_d !== GENERATED_FOR_D) return 'No';
  const batch = numberOf(lead.generate_status);
  return batch === null || batch <= FIRST_BATCH ? 'Yes' : `Yes, regenerate batch ${batch}`;
}

/** Whether the survey was completed (is_called 1): before issue 32 the screens called this "called". */
export function completedText(lead: TLead): string {
  return numberOf(lead.is_called) === 1 ? 'Yes' : 'No';
}

/** '3 calls', '1 call', 'Not called'; '—' when the server sent no call figures (one from before issue 32). */
export function callsText(calls: TLeadCallSummary | undefined): string {
  if (calls === undefined) return '—';
  if (calls.attempts === 0) return 'Not called';
  return `${calls.attempts} call${calls.attempts === 1 ? '' : 's'}`;
}

/** The last call's disposition by name ('—' before the first call). */
export function lastDispositionText(calls: TLeadCallSummary | undefined): string {
  if (calls === undefined || calls.lastDisposition === null) return '—';
  return calls.lastDispositionName ?? calls.lastDisposition;
}

/** The page's call figures by lead id (the reply lists them in the page's order; matched by id all the same). */
export function callsById(calls: readonly TLeadCallSummary[] | undefined): Map<number, TLeadCallSummary> {
  return new Map((calls ?? []).map((c) => [c.leadId, c]));
}

/** The lead's non-empty answers in question order, as [Q1, value]. */
export function answersOf(lead: TLead): [string, string][] {
  return Object.entries(lead)
    .map(([key, value]) => ({ key, n: ANSWER_KEY.exec(key)?.[1], value }))
    .filter(
      (a): a is { key: string; n: string; value: string | number } =>
        a.n !== undefined && a.value !== null && a.value !== '',
    )
    .sort((a, b) => Number(a.n) - Number(b.n))
    .map((a) => [a.key, String(a.value)]);
}

/** '—', or 'Q1: Yes · Q2: Dhaka' with '(+3 more)' when there are more. */
export function answersText(lead: TLead): string {
  const answers = answersOf(lead);
  if (answers.length === 0) return '—';
  const shown = answers
    .slice(0, ANSWERS_SHOWN)
    .map(([q, v]) => `${q}: ${v}`)
    .join(' · ');
  const more = answers.length - ANSWERS_SHOWN;
  return more > 0 ? `${shown} (+${more} more)` : shown;
}
