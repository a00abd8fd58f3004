// What is wrong with a draft, in ZScorecardDefinition's own words (the server's): each problem under the field it names,
// and all of them in one list that says where each is; also the marks a preview scores with.
import { ZScorecardDefinition, type TScorecardDefinition } from '@crm/shared';
import { definitionInput, type TDraft } from './scorecard-draft.ts';

export type TProblem = {
  /** The field's path in the request ('sections.0.criteria.2.name'); '' for the scorecard as a whole. */
  path: string;
  /** Where it is, in words ('Section "Opening" › criterion 2'), '' for the whole scorecard. */
  where: string;
  message: string;
};

export type TDraftCheck =
  { ok: true; definition: TScorecardDefinition; problems: [] } | { ok: false; problems: TProblem[] };

/** Where a path points, in the words the builder shows. */
export function whereOf(path: readonly PropertyKey[], draft: TDraft): string {
  const [top, s, second, c, third, i] = path;
  if (top === 'gradeBands' && typeof s === 'number') return `Grade band ${s + 1}`;
  if (top !== 'sections' || typeof s !== 'number') return '';
  const section = draft.sections[s];
  const sectionName = section?.name.trim() ? `Section "${section.name.trim()}"` : `Section ${s + 1}`;
  if (second !== 'criteria' || typeof c !== 'number') return sectionName;
  const criterion = section?.criteria[c];
  const label = criterion?.name.trim() ? `"${criterion.name.trim()}"` : String(c + 1);
  const criterionName = `${sectionName} › criterion ${label}`;
  if (third !== 'choices' || typeof i !== 'number') return criterionName;
  return `${criterionName} › choice ${i + 1}`;
}

/** The draft checked by the shared schema: the definition to send, or every problem. */
export function checkDraft(draft: TDraft): TDraftCheck {
  const result = ZScorecardDefinition.safeParse(definitionInput(draft));
  if (result.success) return { ok: true, definition: result.data, problems: [] };
  const problems = result.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    where: whereOf(issue.path, draft),
    message: issue.message,
  }));
  // One message once per place (the schema may find a duplicate twice).
  const seen = new Set<string>();
  return {
    ok: false,
    problems: problems.filter((p) => {
      const id = `${p.path}\n${p.message}`;
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    }),
  };
}

/** The problems by field path, for the inputs to show under them (several at one place joined). */
export function problemsByPath(problems: readonly TProblem[]): Record<string, string> {
  const byPath: Record<string, string> = {};
  for (const p of problems) {
    if (p.path === '') continue;
    byPath[p.path] = byPath[p.path] === undefined ? p.message : `${byPath[p.path]}; ${p.message}`;
  }
  return byPath;
}

/** The problems under one prefix ('sections.0.criteria.2'), keyed by the rest of their path. */
export function problemsUnder(byPath: Readonly<Record<string, string>>, prefix: string): Record<string, string> {
  const start = `${prefix}.`;
  const found: Record<string, string> = {};
  for (const [path, message] of Object.entries(byPath))
    if (path.startsWith(start)) found[path.slice(start.length)] = message;
  return found;
}

/** The id of a field's input, so a problem in the list can take the admin to it. */
export function fieldId(path: string): string {
  return `scorecard-field-${path.replace(/\./g, '-')}`;
}

/** Two error maps equal (memoised rows re-render only when their own problems change). */
export function sameProblems(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => a[k] === b[k]);
}
