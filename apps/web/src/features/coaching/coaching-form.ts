// The New session form (docs/coaching.md): its values, what a link from QC insights fills in (/coaching?new=1&agentId=
// …&campaignName=…&focus=a,b), the shared schema's rules in the form's words, and the request it sends.
import { ZCoachingCreate, type TCoachingCreateInput } from '@crm/shared';
import { schemaValidate } from '../../app/form-schema.ts';

export type TActionItemValues = { text: string; due: string };
export type TCoachingFormValues = {
  agentId: string;
  campaignName: string;
  /** Criterion keys of the campaign's in-house scorecard version. */
  focus: string[];
  /** QC record ids, as the checkboxes hold them. */
  qcRecordIds: string[];
  notes: string;
  privateNotes: string;
  actionItems: TActionItemValues[];
  meetingDate: string;
};

export const EMPTY_ACTION_ITEM: TActionItemValues = { text: '', due: '' };

export function emptyCoachingForm(): TCoachingFormValues {
  return {
    agentId: '',
    campaignName: '',
    focus: [],
    qcRecordIds: [],
    notes: '',
    privateNotes: '',
    actionItems: [],
    meetingDate: '',
  };
}

/** Whether the address asks for the New session form (?new=1). */
export function wantsNewSession(params: URLSearchParams): boolean {
  return params.get('new') === '1';
}

/** The form filled from the address: agent, campaign and focus keys (comma-separated, or the parameter repeated). */
export function coachingFormFromParams(params: URLSearchParams): TCoachingFormValues {
  const focus = params
    .getAll('focus')
    .flatMap((f) => f.split(','))
    .map((f) => f.trim())
    .filter((f) => f !== '');
  return {
    ...emptyCoachingForm(),
    agentId: params.get('agentId')?.trim() ?? '',
    campaignName: params.get('campaignName')?.trim() ?? '',
    focus: [...new Set(focus)],
  };
}

/** The address of the New session form filled in (what QC insights links to). */
export function newSessionHref(fill: { agentId: string; campaignName?: string; focus: string[] }): string {
  const params = new URLSearchParams({ new: '1', agentId: fill.agentId });
  if (fill.campaignName) params.set('campaignName', fill.campaignName);
  if (fill.focus.length > 0) params.set('focus', fill.focus.join(','));
  return `/coaching?${params.toString()}`;
}

/** The focus split by the campaign's scorecard: keys it has (kept, in the form) and keys it lacks (said, dropped). */
export function focusOnScorecard(focus: string[], criteriaKeys: string[]): { kept: string[]; dropped: string[] } {
  const known = new Set(criteriaKeys);
  return { kept: focus.filter((k) => known.has(k)), dropped: focus.filter((k) => !known.has(k)) };
}

/** An action item row with nothing typed is no action item (the form offers one empty row to type in). */
const isBlank = (item: TActionItemValues) => item.text.trim() === '' && item.due.trim() === '';

/** The request the values make: '' of an unset field left out, so the schema says it is required. */
export function toCoachingRequest(values: TCoachingFormValues): TCoachingCreateInput {
  const orUndefined = (v: string) => (v.trim() === '' ? undefined : v);
  return {
    agentId: orUndefined(values.agentId) as string,
    campaignName: orUndefined(values.campaignName) as string,
    focus: values.focus,
    qcRecordIds: values.qcRecordIds.map(Number),
    notes: values.notes,
    privateNotes: orUndefined(values.privateNotes),
    actionItems: values.actionItems
      .filter((item) => !isBlank(item))
      .map((item) => ({ text: item.text, due: orUndefined(item.due) as string })),
    meetingDate: values.meetingDate.trim() === '' ? null : values.meetingDate,
  };
}

// Focus and an action item's text have messages that say the whole thing ("Choose at least one focus criterion").
const LABELS = {
  agentId: 'Agent',
  campaignName: 'Campaign',
  due: 'Due',
  meetingDate: 'Meeting date',
  notes: 'Notes',
  privateNotes: 'Private notes',
};

const validateRequest = schemaValidate(ZCoachingCreate, { labels: LABELS, toInput: toCoachingRequest });

/**
 * The schema's errors, with each action item's put under its row as the form shows it (blank rows are not sent, so
 * the request's item i may be the form's row j).
 */
export function validateCoachingForm(values: TCoachingFormValues): Record<string, string> {
  const rows = values.actionItems.flatMap((item, row) => (isBlank(item) ? [] : [row]));
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(validateRequest(values))) {
    const item = /^actionItems\.(\d+)\.(.+)$/.exec(path);
    const at = item ? `actionItems.${rows[Number(item[1])] ?? item[1]}.${item[2]}` : path;
    errors[at] = String(message);
  }
  return errors;
}
