// An in-memory model of VICIdial's lists as add_lead and update_lead (no_update lookup) see them, answering in the
// documented reply text: the simulated dialer (DIALER=simulated) and the fake VICIdial of the tests both stand on it.

/** A lead as the model stores it. */
export type TVicidialLead = {
  leadId: string;
  listId: string;
  phoneCode: string;
  phoneNumber: string;
  vendorLeadCode: string;
  /** Every other parameter of the add_lead request (standard and custom fields), by name. */
  fields: Record<string, string>;
};

/** A set of numbers, or a rule for them. Numbers are add_lead's phone_number: the national number's digits. */
export type TNumberRule = Iterable<string> | ((phoneNumber: string) => boolean);

export type TVicidialListsOptions = {
  /** The API user the model accepts (default crmapi / fake-dialer-secret). */
  user?: string;
  pass?: string;
  /** A second user that logs in but lacks modify_leads: add_lead and update_lead answer "USER DOES NOT HAVE PERMISSION". */
  restrictedUser?: { user: string; pass: string };
  /** The lists the user may load; any other answers "NOT AN ALLOWED LIST ID". Omitted: every list id is allowed. */
  allowedListIds?: readonly string[];
  /** The campaign each list belongs to (DUPCAMP, campaign DNC fallback); a list not named is in `defaultCampaign`. */
  listCampaigns?: Readonly<Record<string, string>>;
  /** Default TESTCAMP. */
  defaultCampaign?: string;
  /** The custom field labels defined per list; a list not named has none. */
  customFields?: Readonly<Record<string, readonly string[]>>;
  /** The system DNC list (dnc_check=Y). */
  dnc?: TNumberRule;
  /** Per-campaign DNC lists (campaign_dnc_check=Y), by campaign id. */
  campaignDnc?: Readonly<Record<string, TNumberRule>> | ((campaignId: string, phoneNumber: string) => boolean);
};

/** What the model has answered so far. */
export type TVicidialListsCounters = {
  /** add_lead requests answered, by vendor_lead_code. */
  addLeadByVendorCode: Record<string, number>;
  /** Leads stored, by list id. */
  leadsPerList: Record<string, number>;
};

export type VicidialLists = {
  /** The credentials the model accepts (a transport over the model sends them). */
  credentials: { user: string; pass: string };
  /** Answers one request of non_agent_api.php, as VICIdial would (always text; HTTP status 200). */
  answer: (params: URLSearchParams) => string;
  counters: () => TVicidialListsCounters;
  /** The leads of a list, oldest first. */
  leads: (listId: string) => readonly TVicidialLead[];
  addDnc: (phoneNumber: string) => void;
  addCampaignDnc: (campaignId: string, phoneNumber: string) => void;
};

export const DEFAULT_LISTS_USER = 'crmapi';
export const DEFAULT_LISTS_PASS = 'fake-dialer-secret';

const DEFAULT_FIRST_LEAD_ID = 1000;

/** Standard time-zone offsets of the calling codes tests use; others answer 0 (VICIdial looks up its own table). */
const GMT_BY_CALLING_CODE: Readonly<Record<string, string>> = { '1': '-5.00', '44': '0.00', '880': '6.00', '91': '5.50' };

function numberRule(rule: TNumberRule | undefined): { has: (phone: string) => boolean; add: (phone: string) => void } {
  const extra = new Set<string>();
  if (typeof rule === 'function') return { has: (p) => extra.has(p) || rule(p), add: (p) => extra.add(p) };
  const set = new Set(rule ?? []);
  return { has: (p) => set.has(p) || extra.has(p), add: (p) => set.add(p) };
}

/** The duplicate_check scopes asked for (several may be joined by '-', e.g. DUPLIST-DUPSYS; day limits are ignored). */
function duplicateScopes(value: string | null): Set<'LIST' | 'CAMP' | 'SYS'> {
  const scopes = new Set<'LIST' | 'CAMP' | 'SYS'>();
  for (const part of (value ?? '').toUpperCase().split('-')) {
    const m = /^DUP(LIST|CAMP|SYS)(\d+DAY)?$/.exec(part);
    if (m) scopes.add(m[1] as 'LIST' | 'CAMP' | 'SYS');
  }
  return scopes;
}

/** Parameters that are not lead fields (kept out of a stored lead's `fields`). */
const REQUEST_PARAMETERS = new Set([
  'user', 'pass', 'source', 'function', 'phone_number', 'phone_code', 'list_id', 'vendor_lead_code', 'dnc_check',
  'campaign_dnc_check', 'campaign_id', 'duplicate_check', 'custom_fields', 'add_to_hopper',
]);

export function createVicidialLists(options: TVicidialListsOptions = {}): VicidialLists {
  const user = options.user ?? DEFAULT_LISTS_USER;
  const pass = options.pass ?? DEFAULT_LISTS_PASS;
  const allowed = options.allowedListIds ? new Set(options.allowedListIds) : null;
  const defaultCampaign = options.defaultCampaign ?? 'TESTCAMP';
  const dnc = numberRule(options.dnc);
  const campaignDncRule = options.campaignDnc;
  const campaignDnc = new Map<string, ReturnType<typeof numberRule>>();
  const campaignDncOf = (campaignId: string) => {
    let rule = campaignDnc.get(campaignId);
    if (rule === undefined) {
      const given = typeof campaignDncRule === 'function' ? (p: string) => campaignDncRule(campaignId, p) : campaignDncRule?.[campaignId];
      rule = numberRule(given);
      campaignDnc.set(campaignId, rule);
    }
    return rule;
  };

  let nextLeadId = DEFAULT_FIRST_LEAD_ID;
  const lists = new Map<string, TVicidialLead[]>();
  /** Leads by phone number (every list): the duplicate checks. */
  const byPhone = new Map<string, TVicidialLead[]>();
  /** Leads by vendor_lead_code (every list): the lookup. */
  const byVendorCode = new Map<string, TVicidialLead[]>();
  const addLeadByVendorCode = new Map<string, number>();

  const campaignOf = (listId: string) => options.listCampaigns?.[listId] ?? defaultCampaign;
  const push = <K>(map: Map<K, TVicidialLead[]>, key: K, lead: TVicidialLead) => {
    const found = map.get(key);
    if (found) found.push(lead);
    else map.set(key, [lead]);
  };

  function addLead(q: URLSearchParams, apiUser: string): string {
    const vendorLeadCode = q.get('vendor_lead_code') ?? '';
    addLeadByVendorCode.set(vendorLeadCode, (addLeadByVendorCode.get(vendorLeadCode) ?? 0) + 1);
    const phone = (q.get('phone_number') ?? '').replace(/\D/g, '');
    const phoneCode = (q.get('phone_code') ?? '1').replace(/\D/g, '') || '1';
    const listId = q.get('list_id') || '999';
    if (allowed && !allowed.has(listId)) return `ERROR: add_lead NOT AN ALLOWED LIST ID - ${phone}|${listId}\n`;
    if (phone.length < 6 || phone.length > 16) return `ERROR: add_lead INVALID PHONE NUMBER LENGTH - ${phone}|${apiUser}\n`;
    if (q.get('dnc_check') === 'Y' && dnc.has(phone)) return `ERROR: add_lead PHONE NUMBER IN DNC - ${phone}|${apiUser}\n`;
    const campaignId = q.get('campaign_id') || campaignOf(listId);
    if (q.get('campaign_dnc_check') === 'Y' && campaignDncOf(campaignId).has(phone)) {
      return `ERROR: add_lead PHONE NUMBER IN CAMPAIGN DNC - ${phone}|${campaignId}|${apiUser}\n`;
    }
    const scopes = duplicateScopes(q.get('duplicate_check'));
    const samePhone = byPhone.get(phone) ?? [];
    const inList = samePhone.find((l) => l.listId === listId);
    if (scopes.has('LIST') && inList) return `ERROR: add_lead DUPLICATE PHONE NUMBER IN LIST - ${phone}|${listId}|${inList.leadId}\n`;
    const campaign = campaignOf(listId);
    const inCampaign = samePhone.find((l) => campaignOf(l.listId) === campaign);
    if (scopes.has('CAMP') && inCampaign) {
      return `ERROR: add_lead DUPLICATE PHONE NUMBER IN CAMPAIGN LISTS - ${phone}|${listId}|${inCampaign.leadId}|${inCampaign.listId}\n`;
    }
    const anywhere = samePhone[0];
    if (scopes.has('SYS') && anywhere) {
      return `ERROR: add_lead DUPLICATE PHONE NUMBER IN SYSTEM - ${phone}|${listId}|${anywhere.leadId}|${anywhere.listId}\n`;
    }

    const fields: Record<string, string> = {};
    for (const [name, value] of q) if (!REQUEST_PARAMETERS.has(name)) fields[name] = value;
    const lead: TVicidialLead = { leadId: String(nextLeadId++), listId, phoneCode, phoneNumber: phone, vendorLeadCode, fields };
    push(lists, listId, lead);
    push(byPhone, phone, lead);
    push(byVendorCode, vendorLeadCode, lead);

    const gmt = GMT_BY_CALLING_CODE[phoneCode] ?? '0.00';
    // VICIdial's code prints phone|list|lead_id|gmt|user (its documentation's example has the user second).
    let reply = `SUCCESS: add_lead LEAD HAS BEEN ADDED - ${phone}|${listId}|${lead.leadId}|${gmt}|${apiUser}\n`;
    if (q.get('custom_fields') === 'Y') {
      reply += (options.customFields?.[listId]?.length ?? 0) > 0
        ? `NOTICE: add_lead CUSTOM FIELDS VALUES ADDED - ${phone}|${lead.leadId}|${listId}\n`
        : `NOTICE: add_lead CUSTOM FIELDS NOT ADDED, NO CUSTOM FIELDS DEFINED FOR THIS LIST - ${phone}|${lead.leadId}|${listId}\n`;
    }
    return reply;
  }

  /** update_lead, only as a lookup: search by vendor_lead_code (and/or lead id, phone) with no_update=Y. */
  function findLead(q: URLSearchParams, apiUser: string): string {
    const method = (q.get('search_method') ?? 'LEAD_ID').toUpperCase();
    const listId = q.get('list_id') ?? '';
    const location = listId === '' ? 'SYSTEM' : (q.get('search_location') ?? 'SYSTEM').toUpperCase();
    const vendorLeadCode = q.get('vendor_lead_code') ?? '';
    const leadId = q.get('lead_id') ?? '';
    const phone = q.get('phone_number') ?? '';
    if (q.get('no_update') !== 'Y' || !method.includes('VENDOR_LEAD_CODE') || vendorLeadCode === '') {
      return `ERROR: update_lead NO VALID SEARCH METHOD - ${apiUser}|${location}|${leadId}|${vendorLeadCode}|${phone}\n`;
    }
    if (allowed && listId !== '' && !allowed.has(listId)) return `ERROR: update_lead NOT AN ALLOWED LIST ID, SEARCH - ${phone}|${listId}\n`;
    const candidates = byVendorCode.get(vendorLeadCode) ?? [];
    const matches = candidates.filter((l) =>
      location === 'LIST' ? l.listId === listId : location === 'CAMPAIGN' ? campaignOf(l.listId) === campaignOf(listId) : true,
    );
    if (matches.length === 0) return `NOTICE: update_lead NO MATCHES FOUND IN THE SYSTEM - ${apiUser}|${leadId}|${vendorLeadCode}|${phone}\n`;
    // Newest first, as VICIdial orders them.
    return [...matches].reverse().map((l) =>
      `NOTICE: update_lead LEADS FOUND IN THE SYSTEM: |${apiUser}|${l.leadId}|${l.vendorLeadCode}|${l.phoneNumber}|${l.listId}|0\n`).join('');
  }

  function answer(q: URLSearchParams): string {
    const fn = q.get('function') ?? '';
    if (fn === '') return 'ERROR: NO FUNCTION SPECIFIED\n';
    const apiUser = q.get('user') ?? '';
    const apiPass = q.get('pass') ?? '';
    const restricted = options.restrictedUser !== undefined && apiUser === options.restrictedUser.user && apiPass === options.restrictedUser.pass;
    // Like VICIdial, the refusal echoes what was sent, password included: the reader must keep it out of messages.
    if (!restricted && (apiUser !== user || apiPass !== pass)) return `ERROR: Invalid Username/Password: |${apiUser}|${apiPass}|\n`;
    if (fn === 'add_lead') {
      return restricted ? `ERROR: add_lead USER DOES NOT HAVE PERMISSION TO ADD LEADS TO THE SYSTEM - ${apiUser}|0\n` : addLead(q, apiUser);
    }
    if (fn === 'update_lead') {
      return restricted ? `ERROR: update_lead USER DOES NOT HAVE PERMISSION TO UPDATE LEADS IN THE SYSTEM - ${apiUser}|0\n` : findLead(q, apiUser);
    }
    return `ERROR: auth USER DOES NOT HAVE PERMISSION TO USE THIS FUNCTION - ${apiUser}|${fn}\n`;
  }

  return {
    credentials: { user, pass },
    answer,
    counters: () => ({
      addLeadByVendorCode: Object.fromEntries(addLeadByVendorCode),
      leadsPerList: Object.fromEntries([...lists].map(([id, leads]) => [id, leads.length])),
    }),
    leads: (listId) => lists.get(listId) ?? [],
    addDnc: (phone) => dnc.add(phone),
    addCampaignDnc: (campaignId, phone) => campaignDncOf(campaignId).add(phone),
  };
}
