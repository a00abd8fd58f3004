// What the CRM screen shows of a lead: its details beside the survey, whether it was called, and a question's optional value.
import { DEFAULT_LEAD_COLUMNS, LEAD_VERSION_KEY, type TLead, type TOptionalValue } from '@crm/shared';

export type TLeadDetail = { label: string; value: string };

/** The label of the number to dial: shown on one line, never wrapped. */
export const CELL_NUMBER_LABEL = 'Cell number';

/** The default columns an agent reads during a call, in this order (ids and generate bookkeeping are left out). */
const SHOWN_COLUMNS: readonly { key: string; label: string }[] = [
  { key: 'respondent_name', label: 'Respondent name' },
  { key: 'cell_number', label: CELL_NUMBER_LABEL },
  { key: 'region', label: 'Region' },
  { key: 'area', label: 'Area' },
  { key: 'territory', label: 'Territory' },
  { key: 'brand', label: 'Brand' },
  { key: 'data_date', label: 'Data date' },
  { key: 'target_selector', label: 'Target selector' },
  { key: 'br_id', label: 'br_id' },
];

const ANSWER_KEY = /^Q\d+$/;
const NOT_DETAILS = new Set<string>([...DEFAULT_LEAD_COLUMNS, LEAD_VERSION_KEY, 'message']);

function text(value: TLead[string] | undefined): string {
  return value === null || value === undefined || value === '' ? '—' : String(value);
}

/** The shown default columns, then the data table's own columns in the order the server sent them. */
export function leadDetails(lead: TLead): TLeadDetail[] {
  const own = Object.keys(lead).filter((key) => !NOT_DETAILS.has(key) && !ANSWER_KEY.test(key));
  return [
    ...SHOWN_COLUMNS.map(({ key, label }) => ({ label, value: text(lead[key]) })),
    ...own.map((key) => ({ label: key, value: text(lead[key]) })),
  ];
}

export function isCalledLead(lead: TLead): boolean {
  return lead.is_called === 1 || lead.is_called === '1';
}

export function leadId(lead: TLead): number | undefined {
  const id = typeof lead.id === 'number' ? lead.id : Number(lead.id);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/** The lead's version as looked up (a save sends it back); undefined from a server that sends none. */
export function leadVersion(lead: TLead): number | undefined {
  const version = lead[LEAD_VERSION_KEY];
  return typeof version === 'number' && Number.isInteger(version) && version >= 0 ? version : undefined;
}

export function leadCellNumber(lead: TLead): string {
  return lead.cell_number === null || lead.cell_number === undefined ? '' : String(lead.cell_number);
}

const OPTIONAL_VALUE_COLUMNS: Record<Exclude<TOptionalValue, 'Agent'>, string> = {
  Respondent: 'respondent_name',
  Territory: 'territory',
  Brand: 'brand',
  'Data Date': 'data_date',
};

/** 'Respondent: Rahim Uddin': the value a question asks the agent to read out, from the lead or the signed-in agent. */
export function optionalValueText(
  optionalValue: TOptionalValue | null,
  lead: TLead,
  agentName: string,
): string | undefined {
  if (optionalValue === null) return undefined;
  const value = optionalValue === 'Agent' ? agentName : text(lead[OPTIONAL_VALUE_COLUMNS[optionalValue]]);
  return `${optionalValue}: ${value === '' ? '—' : value}`;
}
