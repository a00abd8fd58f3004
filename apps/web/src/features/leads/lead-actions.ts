// The rules of the generate, regenerate and delete screens: reading the target inputs, what a target can yield,
// and the sentences their confirmations say (with the counts of the date summary).
import { LEAD_MESSAGES, NO_SELECTOR, type TLeadCounts, type TLeadDateSummary } from '@crm/shared';
import { countOf, formatCount } from '../../components/lead-dates.ts';

// Written by the lead reports too (components/lead-dates.ts).
export { countOf, formatCount };

/** The largest target ZGenerateTargets accepts. */
export const MAX_TARGET = 1_000_000;
export const TARGET_INVALID = 'Enter a whole number of leads (0 to 1,000,000), or leave it blank';

/** What the typed values become: blank inputs are left out (that selector is not generated). */
export type TTargetsCheck =
  { kind: 'ok'; targets: Record<string, number> } | { kind: 'invalid'; errors: Record<string, string> };

export type TSelectorCounts = TLeadDateSummary['selectors'][number];

/** '1,234' */

/** The name a selector is shown with; leads without one are one selector of their own. */
export function selectorLabel(targetSelector: string): string {
  return targetSelector === NO_SELECTOR ? '(no selector)' : targetSelector;
}

/** The target typed for a selector as a number; null when blank, NaN when it is not a whole number in range. */
export function readTarget(value: string | undefined): number | null {
  const text = (value ?? '').trim();
  if (text === '') return null;
  if (!/^\d+$/.test(text)) return Number.NaN;
  const n = Number(text);
  return n <= MAX_TARGET ? n : Number.NaN;
}

/** The body of generate and regenerate ({selector: N}), or the inputs that are wrong. */
export function checkTargets(values: Record<string, string>): TTargetsCheck {
  const targets: Record<string, number> = {};
  const errors: Record<string, string> = {};
  for (const [selector, value] of Object.entries(values)) {
    const n = readTarget(value);
    if (n === null) continue;
    if (Number.isNaN(n)) errors[selector] = TARGET_INVALID;
    else targets[selector] = n;
  }
  return Object.keys(errors).length > 0 ? { kind: 'invalid', errors } : { kind: 'ok', targets };
}

/**
 * The most leads a generate target can mark for a selector: up to N in each of its br_id groups, and never more
 * than its fresh leads (a group with fewer fresh leads gives fewer, so the real count can be lower).
 */
export function generateCeiling(target: number, selector: TSelectorCounts): number {
  return Math.min(target * selector.groups, selector.fresh);
}

/** Regenerate also stops, per group, at the generated leads still not called. */
export function regenerateCeiling(target: number, selector: TSelectorCounts): number {
  return Math.min(target * selector.groups, selector.uncalled, selector.fresh);
}

/** Regenerate with every group topped up by its uncalled leads: at most this many in all. */
export function regenerateAllCeiling(summary: TLeadDateSummary): number {
  return summary.selectors.reduce((sum, s) => sum + Math.min(s.uncalled, s.fresh), 0);
}

/** '12 br_id groups': the unit a target applies to. */
export function groupsText(groups: number): string {
  return countOf(groups, 'br_id group', 'br_id groups');
}

/** The figures of a date in one line, e.g. '150 leads: 120 fresh, 30 generated (10 not called yet), 20 called'. */
export function summaryText(counts: TLeadCounts): string {
  return `${countOf(counts.total, 'lead', 'leads')}: ${formatCount(counts.fresh)} fresh, ${formatCount(counts.generated)} generated (${formatCount(counts.uncalled)} not called yet), ${formatCount(counts.called)} called`;
}

export type TLeadChoice = { campaign: string; dataDate: string };

/** The outcome of the last action, kept on the card beside its notification. */
export type TActionNotice = { tone: 'error' | 'warning' | 'success'; title?: string; message: string };

export function generateAllConfirmText({ campaign, dataDate }: TLeadChoice, summary: TLeadDateSummary): string {
  return `This generates all ${countOf(summary.fresh, 'fresh lead', 'fresh leads')} of ${dataDate} in ${campaign}, whatever the targets say.`;
}

export function regenerateAllConfirmText({ campaign, dataDate }: TLeadChoice, summary: TLeadDateSummary): string {
  return `This generates up to ${countOf(regenerateAllCeiling(summary), 'more fresh lead', 'more fresh leads')} of ${dataDate} in ${campaign}: each br_id group gets as many as it has generated leads not called yet.`;
}

export function deleteConfirmText({ campaign, dataDate }: TLeadChoice, summary: TLeadCounts): string {
  const answered =
    summary.withAnswers === 0
      ? 'none of them has survey answers'
      : `${countOf(summary.withAnswers, 'of them has', 'of them have')} survey answers, which are lost too`;
  const leads = summary.total === 1 ? 'the 1 lead' : `all ${countOf(summary.total, 'lead', 'leads')}`;
  return `This deletes ${leads} of ${dataDate} from ${campaign}; ${answered}. This cannot be undone.`;
}

/** The result message with the do-not-call count after it when some leads were held back (docs/guide/dnc.md). */
export function withHeldBack(message: string, heldBack: number): string {
  return heldBack > 0 ? `${message} (${LEAD_MESSAGES.heldBack(heldBack)})` : message;
}
