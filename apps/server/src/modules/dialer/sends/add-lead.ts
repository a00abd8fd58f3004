// VICIdial's add_lead and update_lead (no_update lookup) as the send speaks them: the request parameters of a lead,
// and its documented reply text read into an outcome (docs: VICIdial NON-AGENT_API.txt, add_lead and update_lead).
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import type { TAddLeadResult, TFindLeadResult, TLeadToSend, TSendSettings } from './transport.ts';

/** What add_lead's `source` says originated the request (at most 20 characters). */
export const ADD_LEAD_SOURCE = 'crm';

/** add_lead's standard optional fields a lead column may fill, with VICIdial's documented maximum length. */
export const ADD_LEAD_STANDARD_FIELDS: Readonly<Record<string, number>> = {
  title: 4,
  first_name: 30,
  middle_initial: 1,
  last_name: 30,
  address1: 100,
  address2: 100,
  address3: 100,
  city: 50,
  state: 2,
  province: 50,
  postal_code: 10,
  country_code: 3,
  gender: 1,
  date_of_birth: 10,
  alt_phone: 12,
  email: 70,
  security_phrase: 100,
  comments: 255,
  rank: 5,
  owner: 20,
  source_id: 50,
};

/**
 * Parameters that steer the request itself (authentication, the required fields, settings, callbacks, hopper,
 * time zone): a column of one of these names would change what the send asks VICIdial to do, so it is never sent.
 */
const RESERVED_PARAMETERS = new Set([
  'user',
  'pass',
  'source',
  'function',
  'stage',
  'header',
  'format',
  'phone_number',
  'phone_code',
  'list_id',
  'lead_id',
  'vendor_lead_code',
  'entry_list_id',
  'gmt_offset_now',
  'multi_alt_phones',
  'dnc_check',
  'campaign_dnc_check',
  'campaign_id',
  'duplicate_check',
  'add_to_hopper',
  'hopper_priority',
  'hopper_local_call_time_check',
  'usacan_prefix_check',
  'usacan_areacode_check',
  'nanpa_ac_prefix_check',
  'custom_fields',
  'tz_method',
  'lookup_state',
  'list_exists_check',
  'search_method',
  'search_location',
  'insert_if_not_found',
  'records',
  'no_update',
  'delete_lead',
  'delete_cf_data',
  'reset_lead',
  'update_phone_number',
  'remove_from_hopper',
  'archived_lead',
  'force_entry_list_id',
]);

function isReserved(name: string): boolean {
  return RESERVED_PARAMETERS.has(name) || name.startsWith('callback');
}

const NAME_LENGTH = ADD_LEAD_STANDARD_FIELDS.first_name ?? 30;

/** "Ayesha Siddiqua Rahman" → first_name "Ayesha Siddiqua", last_name "Rahman"; one word is a first name. */
export function splitRespondentName(name: string | null): { firstName: string; lastName: string } {
  const words = (name ?? '')
    .trim()
    .split(/\s+/)
    .filter((w) => w !== '');
  if (words.length === 0) return { firstName: '', lastName: '' };
  if (words.length === 1) return { firstName: words[0]!.slice(0, NAME_LENGTH), lastName: '' };
  return {
    firstName: words.slice(0, -1).join(' ').slice(0, NAME_LENGTH),
    lastName: words.at(-1)!.slice(0, NAME_LENGTH),
  };
}

/** phone_code (country calling code) and phone_number (national significant number) of an E.164 number. */
export function splitPhoneNumber(
  phoneNumber: string,
  country?: CountryCode,
): { phoneCode: string | null; phoneNumber: string } {
  const parsed = parsePhoneNumberFromString(phoneNumber, country);
  if (parsed) return { phoneCode: parsed.countryCallingCode, phoneNumber: parsed.nationalNumber };
  // A calling code libphonenumber does not know: VICIdial still gets the digits and judges them itself.
  return { phoneCode: null, phoneNumber: phoneNumber.replace(/\D/g, '') };
}

/**
 * The add_lead request of one lead, without user and pass (the transport adds them). The respondent's name fills
 * first_name and last_name; a column named like another standard field fills it; any other column goes as a custom
 * field. A column named first_name or last_name only counts when the lead has no respondent name.
 */
export function addLeadParams(lead: TLeadToSend, settings: TSendSettings, country?: CountryCode): URLSearchParams {
  const params = new URLSearchParams();
  const phone = splitPhoneNumber(lead.phoneNumber, country);
  params.set('function', 'add_lead');
  params.set('source', ADD_LEAD_SOURCE);
  if (phone.phoneCode !== null) params.set('phone_code', phone.phoneCode);
  params.set('phone_number', phone.phoneNumber);
  params.set('list_id', settings.listId);
  params.set('vendor_lead_code', lead.leadId);
  params.set('dnc_check', settings.dncCheck ? 'Y' : 'N');
  params.set('campaign_dnc_check', settings.campaignDncCheck ? 'Y' : 'N');
  if (settings.campaignDncCheck && settings.vicidialCampaignId) params.set('campaign_id', settings.vicidialCampaignId);
  if (settings.duplicateCheck !== 'NONE') params.set('duplicate_check', settings.duplicateCheck);

  const { firstName, lastName } = splitRespondentName(lead.respondentName);
  if (firstName !== '') params.set('first_name', firstName);
  if (lastName !== '') params.set('last_name', lastName);

  let custom = 0;
  for (const [name, value] of Object.entries(lead.columns)) {
    if (value === '') continue;
    const field = name.toLowerCase();
    const maxLength = ADD_LEAD_STANDARD_FIELDS[field];
    if (maxLength !== undefined) {
      if (!params.has(field)) params.set(field, value.slice(0, maxLength));
    } else if (!isReserved(field)) {
      params.set(name, value);
      custom += 1;
    }
  }
  if (custom > 0) params.set('custom_fields', 'Y');
  return params;
}

/** update_lead with no_update=Y: whether the list holds a lead of this vendor_lead_code, changing nothing. */
export function findLeadParams(vendorLeadCode: string, settings: TSendSettings): URLSearchParams {
  return new URLSearchParams({
    function: 'update_lead',
    source: ADD_LEAD_SOURCE,
    search_method: 'VENDOR_LEAD_CODE',
    search_location: 'LIST',
    list_id: settings.listId,
    vendor_lead_code: vendorLeadCode,
    no_update: 'Y',
  });
}

const MAX_MESSAGE = 500;

/** Keeps the API user and password out of a message (VICIdial's errors echo the user, even the password). */
export function redactSecrets(message: string, secrets: readonly string[]): string {
  let safe = message;
  // Very short values would blank out ordinary words and digits; they are unlikely to be echoed anyway.
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) {
    if (secret.length >= 3) safe = safe.split(secret).join('***');
  }
  return safe;
}

type Reply = { lines: string[]; message: string };

function readReply(text: string, secrets: readonly string[]): Reply {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
  const joined = redactSecrets(lines.join(' · '), secrets);
  return { lines, message: joined.length > MAX_MESSAGE ? `${joined.slice(0, MAX_MESSAGE)}…` : joined };
}

function unreadable(reply: Reply): string {
  if (reply.lines.length === 0) return 'The dialer sent an empty reply.';
  return `The dialer sent a reply that could not be read: "${reply.message.slice(0, 120)}${reply.message.length > 120 ? '…' : ''}"`;
}

const CREDENTIALS_REFUSED = 'The dialer refused the API user or password (Invalid Username/Password).';

/** Errors no lead can get past, whichever function answered them. */
const STOP_ERRORS = [
  /^ERROR: Invalid Username\/Password/i,
  /^ERROR: auth USER DOES NOT HAVE PERMISSION/i,
  /^ERROR: \w+ USER DOES NOT HAVE PERMISSION/i,
  /^ERROR: \w+ NOT AN ALLOWED LIST ID/i,
  /^ERROR: \w+ NOT A DEFINED LIST ID/i,
  /^ERROR: NO FUNCTION SPECIFIED/i,
];

function isStop(line: string): boolean {
  return STOP_ERRORS.some((re) => re.test(line));
}

/** The message of a stop: never the echoed password of a credentials error. */
function stopMessage(line: string, reply: Reply): string {
  return /^ERROR: Invalid Username\/Password/i.test(line) ? CREDENTIALS_REFUSED : reply.message;
}

/** The data fields after " - " of a reply line. */
function dataFields(line: string): string[] {
  const at = line.indexOf(' - ');
  return at < 0
    ? []
    : line
        .slice(at + 3)
        .split('|')
        .map((f) => f.trim());
}

/**
 * VICIdial's lead id in a success line. The documentation's example puts the user between phone and list
 * (phone|user|list|lead_id|gmt) while its code prints phone|list|lead_id|gmt|user: either way it is the field after
 * the list id sent.
 */
function addedLeadId(line: string, listId: string): string | null {
  const fields = dataFields(line);
  for (let i = 1; i < fields.length - 1; i += 1) {
    if (fields[i] === listId && /^\d+$/.test(fields[i + 1]!)) return fields[i + 1]!;
  }
  return null;
}

/**
 * Reads add_lead's reply. The first SUCCESS or ERROR line decides (NOTICE lines may come before or after it); a reply
 * with neither (empty, an HTML page, only notices) leaves the lead's fate unknown: transient, so it is looked up.
 */
export function parseAddLeadReply(
  text: string,
  settings: TSendSettings,
  secrets: readonly string[] = [],
): TAddLeadResult {
  const reply = readReply(text, secrets);
  const line = reply.lines.find((l) => /^(SUCCESS|ERROR):/i.test(l));
  if (line === undefined) return { kind: 'transient', message: unreadable(reply) };
  if (/^SUCCESS: add_lead LEAD HAS BEEN ADDED/i.test(line)) {
    return { kind: 'added', vicidialLeadId: addedLeadId(line, settings.listId), message: reply.message };
  }
  if (isStop(line)) return { kind: 'stop', message: stopMessage(line, reply) };
  if (/^ERROR: add_lead DUPLICATE/i.test(line)) return { kind: 'duplicate', message: reply.message };
  if (/^ERROR: add_lead PHONE NUMBER IN (CAMPAIGN )?DNC/i.test(line)) return { kind: 'dnc', message: reply.message };
  if (/^ERROR: add_lead /i.test(line)) return { kind: 'refused', message: reply.message };
  // An ERROR of no function (or another one) is about the request or the account, never this lead.
  if (/^ERROR:/i.test(line)) return { kind: 'stop', message: reply.message };
  return { kind: 'transient', message: unreadable(reply) };
}

/**
 * VICIdial's lead id in "NOTICE: update_lead LEADS FOUND IN THE SYSTEM: |user|lead_id|vendor_lead_code|phone|list_id|…"
 * (a list of ids is comma-separated: the first is taken).
 */
function foundLeadId(line: string): string | null {
  const data = line.replace(/^.*LEADS FOUND IN THE SYSTEM\s*[:-]?\s*/i, '');
  const fields = data.split('|').map((f) => f.trim());
  if (fields[0] === '') fields.shift();
  const id = /^(\d+)/.exec(fields[1] ?? '');
  return id ? id[1]! : null;
}

/** Reads update_lead's no_update reply: found, absent, an error no lookup can pass (stop), or unknown (transient). */
export function parseFindLeadReply(text: string, secrets: readonly string[] = []): TFindLeadResult {
  const reply = readReply(text, secrets);
  const found = reply.lines.find((l) => /^NOTICE: update_lead LEADS FOUND IN THE SYSTEM/i.test(l));
  if (found !== undefined) return { kind: 'found', vicidialLeadId: foundLeadId(found), message: reply.message };
  if (reply.lines.some((l) => /^(NOTICE|ERROR): update_lead NO MATCHES FOUND/i.test(l))) return { kind: 'absent' };
  const error = reply.lines.find((l) => /^ERROR:/i.test(l));
  if (error !== undefined && (isStop(error) || /^ERROR: update_lead NO VALID SEARCH METHOD/i.test(error))) {
    return { kind: 'stop', message: stopMessage(error, reply) };
  }
  if (error !== undefined) return { kind: 'transient', message: reply.message };
  return { kind: 'transient', message: unreadable(reply) };
}
