// Small rules of the Scorecards screen: a version's content without its bookkeeping, what the export file is called,
// what-if's default period (last calendar month), which buttons a version's state offers, and a before→after in words.
import type { TScorecard, TScorecardDefinition, TScorecardState, TScorecardVersionSummary } from '@crm/shared';

/** The content of a version as POST and export take it (no id, state, dates or uses). */
export function definitionOf(v: TScorecard): TScorecardDefinition {
  return {
    name: v.name,
    description: v.description,
    scoringMode: v.scoringMode,
    passMark: v.passMark,
    autoFailResult: v.autoFailResult,
    gradeBands: v.gradeBands,
    sections: v.sections,
  };
}

/** "QA Outbound-v3.scorecard.json" (as the server names it): letters, digits, spaces, - and _ of the name. */
export function exportFileName(name: string, version: number): string {
  const safe =
    name
      .replace(/[^A-Za-z0-9 _-]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim() || 'scorecard';
  return `${safe}-v${version}.scorecard.json`;
}

/** The calendar month before the one `today` (yyyy-MM-dd) is in: its first and last day. */
export function lastCalendarMonth(today: string): { from: string; to: string } {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const y = month === 1 ? year - 1 : year;
  const m = month === 1 ? 12 : month - 1;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const mm = String(m).padStart(2, '0');
  return { from: `${y}-${mm}-01`, to: `${y}-${mm}-${String(days).padStart(2, '0')}` };
}

export const STATE_COLOURS: Record<TScorecardState, string> = { draft: 'yellow', published: 'green', retired: 'gray' };

/** The list's buttons of a version: Publish for drafts, Retire for published ones (not the built-in Standard). */
export function versionActions(v: Pick<TScorecardVersionSummary, 'state'>, builtIn: boolean) {
  return {
    publish: v.state === 'draft',
    retire: v.state === 'published' && !builtIn,
    /** "Standard" has no other version (the server refuses one): it is copied instead. */
    newVersion: !builtIn,
  };
}

/** "Used by Mobile (in-house), Mobile (client)"; past `limit` uses, "and 7 more". */
export function usedByText(usedBy: TScorecardVersionSummary['usedBy'], limit = Number.POSITIVE_INFINITY): string {
  if (usedBy.length > limit) return `${usedByText(usedBy.slice(0, limit))} and ${usedBy.length - limit} more`;
  return usedBy.length === 0
    ? 'Not used by any campaign'
    : `Used by ${usedBy.map((u) => `${u.campaignName} (${u.kind})`).join(', ')}`;
}

const number = (v: number | null, unit = '') => (v === null ? '—' : `${Math.round(v * 100) / 100}${unit}`);

/** "82.5 → 79" (a total), "—" where there was nothing to average. */
export function beforeAfter(before: number | null, after: number | null): string {
  return `${number(before)} → ${number(after)}`;
}

/** A pass rate (0 to 1) before and after, as percentages: "75% → 60%". */
export function rateBeforeAfter(before: number | null, after: number | null): string {
  const pct = (v: number | null) => (v === null ? null : v * 100);
  return `${number(pct(before), '%')} → ${number(pct(after), '%')}`;
}

/** Every grade either side names, with its count before and after (0 where a side lacks it), in first-seen order. */
export function gradeRows(
  before: readonly { name: string; count: number }[],
  after: readonly { name: string; count: number }[],
): { name: string; before: number; after: number }[] {
  const names = [...new Set([...before.map((g) => g.name), ...after.map((g) => g.name)])];
  return names.map((name) => ({
    name,
    before: before.find((g) => g.name === name)?.count ?? 0,
    after: after.find((g) => g.name === name)?.count ?? 0,
  }));
}
