// How the lead browser shows a flat lead's state: generated (and in which batch), called, and its survey answers.
import { FIRST_BATCH, GENERATED_FOR_D, type TLead } from '@crm/shared';

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

export function calledText(lead: TLead): string {
  return numberOf(lead.is_called) === 1 ? 'Yes' : 'No';
}

/** The lead's non-empty answers in question order, as [Q1, value]. */
export function answersOf(lead: TLead): [string, string][] {
  return Object.entries(lead)
    .map(([key, value]) => ({ key, n: ANSWER_KEY.exec(key)?.[1], value }))
    .filter((a): a is { key: string; n: string; value: string | number } => a.n !== undefined && a.value !== null && a.value !== '')
    .sort((a, b) => Number(a.n) - Number(b.n))
    .map((a) => [a.key, String(a.value)]);
}

/** '—', or 'Q1: Yes · Q2: Dhaka' with '(+3 more)' when there are more. */
export function answersText(lead: TLead): string {
  const answers = answersOf(lead);
  if (answers.length === 0) return '—';
  const shown = answers.slice(0, ANSWERS_SHOWN).map(([q, v]) => `${q}: ${v}`).join(' · ');
  const more = answers.length - ANSWERS_SHOWN;
  return more > 0 ? `${shown} (+${more} more)` : shown;
}
