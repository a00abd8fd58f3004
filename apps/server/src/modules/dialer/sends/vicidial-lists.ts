// An in-memory model of VICIdial's lists as add_lead, update_lead (the no_update lookup, a lead's status and its
// scheduled callback) and add_dnc_phone see them, answering in the documented reply text (NON-AGENT_API.txt), ERROR
// lines included: the simulated dialer (DIALER=simulated) and the fake VICIdial of the tests both stand on it.

/** A lead as the model stores it. */
export type TVicidialLead = {
  leadId: string;
  listId: string;
  phoneCode: string;
  phoneNumber: string;
  vendorLeadCode: string;
  /** Every other parameter of the add_lead request (standard and custom fields), by name. */
  fields: Record<string, string>;
  /** NEW when added; update_lead's status sets it; a scheduled callback holds it at CBHOLD. */
  status: string;
  callback: TVicidialCallback | null;
};

/** A scheduled callback as update_lead callback=Y leaves it (vicidial_callbacks). */
export type TVicidialCallback = {
  /** callback_datetime as sent (yyyy-MM-dd HH:mm:ss, or NOW / xDAYS). */
  at: string;
  campaignId: string;
  type: 'USERONLY' | 'ANYONE';
  user: string;
  comments: string;
  status: string;
};

/** A set of numbers, or a rule for them. Numbers are add_lead's phone_number: the national number's digits. */
export type TNumberRule = Iterable<string> | ((phoneNumber: string) => boolean);

export type TVicidialListsOptions = {
  /** The API user the model accepts (default crmapi / fake-dialer-secret). */
  user?: string;
  pass?: string;
  /**
   * A second user that logs in but lacks "modify leads" and "modify lists": add_lead, update_lead and add_dnc_phone
   * answer "USER DOES NOT HAVE PERMISSION".
   */
  restrictedUser?: { user: string; pass: string };
  /**
   * What the API user may do (default: both): without "modify leads" add_lead and update_lead refuse, without
   * "modify lists" add_dnc_phone does.
   */
  permissions?: { modifyLeads?: boolean; modifyLists?: boolean };
  /** VICIdial's users a USERONLY callback may be assigned to; omitted: every user is valid. */
  users?: readonly string[];
  /** VICIdial's campaign ids a callback may name; omitted: every campaign is valid. */
  campaigns?: readonly string[];
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
  /** The numbers put on a DNC list by add_dnc_phone, addDnc or addCampaignDnc, in order: SYSTEM_INTERNAL or a campaign id. */
  dncList: (campaignId: string) => readonly string[];
  /** The newest lead of a vendor_lead_code (every list), or undefined. */
  leadByVendorCode: (vendorLeadCode: string) => TVicidialLead | undefined;
  /** Deletes a lead (as an admin would in VICIdial): update_lead no longer finds it. */
  removeLead: (leadId: string) => void;
  /** Gives the API user "modify leads" / "modify lists", or takes them away, keeping the lists. */
  setPermissions: (permissions: { modifyLeads?: boolean; modifyLists?: boolean }) => void;
};

export const DEFAULT_LISTS_USER = 'crmapi';
export const DEFAULT_LISTS_PASS = 'fake-dialer-secret';

const DEFAULT_FIRST_LEAD_ID = 1000;

/** Standard time-zone offsets of the calling codes tests use; others answer 0 (VICIdial looks up its own table). */
const GMT_BY_CALLING_CODE: Readonly<Record<string, string>> = {
  '1': '-5.00',
  '44': '0.00',
  '880': '6.00',
  '91': '5.50',
};

type NumberList = { has: (phone: string) => boolean; add: (phone: string) => void; added: string[] };

function numberRule(rule: TNumberRule | undefined): NumberList {
  const added: string[] = [];
  const extra = new Set<string>();
  const add = (p: string) => {
    if (extra.has(p)) return;
    extra.add(p);
    added.push(p);
  };
  if (typeof rule === 'function') return { has: (p) => extra.has(p) || rule(p), add, added };
  const set = new Set(rule ?? []);
  return { has: (p) => set.has(p) || extra.has(p), add, added };
}

/** update_lead's status: 1 to 6 characters, no punctuation or spaces. */
const STATUS = /^[A-Za-z0-9]{1,6}$/;
/** callback_datetime: YYYY-MM-DD+HH:MM:SS (the + arrives as a space), NOW, or a number of days ahead (3DAYS). */
const CALLBACK_DATETIME = /^(\d{4}-\d{2}-\d{2}[ +]\d{2}:\d{2}:\d{2}|NOW|\d+DAYS)$/;

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
  'user',
  'pass',
  'source',
  'function',
  'phone_number',
  'phone_code',
  'list_id',
  'vendor_lead_code',
  'dnc_check',
  'campaign_dnc_check',
  'campaign_id',
  'duplicate_check',
  'custom_fields',
  'add_to_hopper',
]);

/** The system DNC list's name in add_dnc_phone's campaign_id. */
const SYSTEM_DNC = 'SYSTEM_INTERNAL';

export function createVicidialLists(options: TVicidialListsOptions = {}): VicidialLists {
  const user = options.user ?? DEFAULT_LISTS_USER;
  const pass = options.pass ?? DEFAULT_LISTS_PASS;
  const allowed = options.allowedListIds ? new Set(options.allowedListIds) : null;
  const defaultCampaign = options.defaultCampaign ?? 'TESTCAMP';
  const dnc = numberRule(options.dnc);
  const campaignDncRule = options.campaignDnc;
  const campaignDnc = new Map<string, NumberList>();
  let modifyLeads = options.permissions?.modifyLeads ?? true;
  let modifyLists = options.permissions?.modifyLists ?? true;
  const validUsers = options.users ? new Set(options.users) : null;
  const validCampaigns = options.campaigns ? new Set(options.campaigns) : null;
  const campaignDncOf = (campaignId: string) => {
    let rule = campaignDnc.get(campaignId);
    if (rule === undefined) {
      const given =
        typeof campaignDncRule === 'function'
          ? (p: string) => campaignDncRule(campaignId, p)
          : campaignDncRule?.[campaignId];
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
    if (phone.length < 6 || phone.length > 16)
      return `ERROR: add_lead INVALID PHONE NUMBER LENGTH - ${phone}|${apiUser}\n`;
    if (q.get('dnc_check') === 'Y' && dnc.has(phone))
      return `ERROR: add_lead PHONE NUMBER IN DNC - ${phone}|${apiUser}\n`;
    const campaignId = q.get('campaign_id') || campaignOf(listId);
    if (q.get('campaign_dnc_check') === 'Y' && campaignDncOf(campaignId).has(phone)) {
      return `ERROR: add_lead PHONE NUMBER IN CAMPAIGN DNC - ${phone}|${campaignId}|${apiUser}\n`;
    }
    const scopes = duplicateScopes(q.get('duplicate_check'));
    const samePhone = byPhone.get(phone) ?? [];
    const inList = samePhone.find((l) => l.listId === listId);
    if (scopes.has('LIST') && inList)
      return `ERROR: add_lead DUPLICATE PHONE NUMBER IN LIST - ${phone}|${listId}|${inList.leadId}\n`;
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
    const lead: TVicidialLead = {
      leadId: String(nextLeadId++),
      listId,
      phoneCode,
      phoneNumber: phone,
      vendorLeadCode,
      fields,
      status: 'NEW',
      callback: null,
    };
    push(lists, listId, lead);
    push(byPhone, phone, lead);
    push(byVendorCode, vendorLeadCode, lead);

    const gmt = GMT_BY_CALLING_CODE[phoneCode] ?? '0.00';
    // VICIdial's code prints phone|list|lead_id|gmt|user (its documentation's example has the user second).
    let reply = `SUCCESS: add_lead LEAD HAS BEEN ADDED - ${phone}|${listId}|${lead.leadId}|${gmt}|${apiUser}\n`;
    if (q.get('custom_fields') === 'Y') {
      reply +=
        (options.customFields?.[listId]?.length ?? 0) > 0
          ? `NOTICE: add_lead CUSTOM FIELDS VALUES ADDED - ${phone}|${lead.leadId}|${listId}\n`
          : `NOTICE: add_lead CUSTOM FIELDS NOT ADDED, NO CUSTOM FIELDS DEFINED FOR THIS LIST - ${phone}|${lead.leadId}|${listId}\n`;
    }
    return reply;
  }

  /**
   * The leads update_lead's search finds, newest first: by lead_id, else vendor_lead_code, else phone_number (as many
   * of them as search_method names, in that order), within the list, its campaign, or the system. Undefined: no search
   * method it can use.
   */
  function searchLeads(q: URLSearchParams, location: string, listId: string): TVicidialLead[] | undefined {
    const method = (q.get('search_method') ?? 'LEAD_ID').toUpperCase();
    const by: [string, string, (l: TVicidialLead, v: string) => boolean][] = [
      ['LEAD_ID', q.get('lead_id') ?? '', (l, v) => l.leadId === v],
      ['VENDOR_LEAD_CODE', q.get('vendor_lead_code') ?? '', (l, v) => l.vendorLeadCode === v],
      ['PHONE_NUMBER', (q.get('phone_number') ?? '').replace(/\D/g, ''), (l, v) => l.phoneNumber === v],
    ];
    const usable = by.filter(([name, value]) => method.includes(name) && value !== '');
    if (usable.length === 0) return undefined;
    const inScope = (l: TVicidialLead) =>
      location === 'LIST'
        ? l.listId === listId
        : location === 'CAMPAIGN'
          ? campaignOf(l.listId) === campaignOf(listId)
          : true;
    for (const [name, value, matches] of usable) {
      const pool = name === 'VENDOR_LEAD_CODE' ? (byVendorCode.get(value) ?? []) : [...lists.values()].flat();
      const found = pool.filter((l) => matches(l, value) && inScope(l));
      // Newest first, as VICIdial orders them.
      if (found.length > 0) return found.sort((a, b) => Number(b.leadId) - Number(a.leadId));
    }
    return [];
  }

  /** The NOTICE line of update_lead callback=Y on one lead (its callback scheduled or why not). */
  function scheduleCallback(q: URLSearchParams, lead: TVicidialLead): string {
    const at = (q.get('callback_datetime') ?? '').trim();
    if (!CALLBACK_DATETIME.test(at))
      return `NOTICE: update_lead SCHEDULED CALLBACK NOT UPDATED, NO FIELDS SPECIFIED - ${lead.leadId}|\n`;
    const campaignId = q.get('campaign_id') || campaignOf(lead.listId);
    if (validCampaigns && !validCampaigns.has(campaignId))
      return `NOTICE: update_lead SCHEDULED CALLBACK NOT ADDED, CAMPAIGN NOT VALID - ${lead.leadId}|${campaignId}\n`;
    const type = (q.get('callback_type') ?? 'ANYONE').toUpperCase() === 'USERONLY' ? 'USERONLY' : 'ANYONE';
    const user = q.get('callback_user') ?? '';
    if (type === 'USERONLY' && (user === '' || (validUsers !== null && !validUsers.has(user)))) {
      return `NOTICE: update_lead SCHEDULED CALLBACK NOT ADDED, USER NOT VALID - ${lead.leadId}|${campaignId}|${user}|\n`;
    }
    const status = q.get('callback_status') || 'CALLBK';
    const when = at.replace('+', ' ');
    const verb = lead.callback === null ? 'ADDED' : 'UPDATED';
    lead.callback = { at: when, campaignId, type, user, comments: q.get('callback_comments') ?? '', status };
    // The lead is held while its callback waits.
    lead.status = 'CBHOLD';
    return `NOTICE: update_lead SCHEDULED CALLBACK ${verb} - ${lead.leadId}|${when}|${campaignId}|${user}|${type}|${status}\n`;
  }

  /**
   * update_lead: with no_update=Y only a lookup (which leads match); otherwise the found leads (the newest `records`,
   * default 1) get the status given and, with callback=Y, a scheduled callback.
   */
  function updateLead(q: URLSearchParams, apiUser: string): string {
    const listId = q.get('list_id') ?? '';
    const location = listId === '' ? 'SYSTEM' : (q.get('search_location') ?? 'SYSTEM').toUpperCase();
    const vendorLeadCode = q.get('vendor_lead_code') ?? '';
    const leadId = q.get('lead_id') ?? '';
    const phone = q.get('phone_number') ?? '';
    const matches = searchLeads(q, location, listId);
    if (matches === undefined)
      return `ERROR: update_lead NO VALID SEARCH METHOD - ${apiUser}|${location}|${leadId}|${vendorLeadCode}|${phone}\n`;
    if (allowed && listId !== '' && !allowed.has(listId))
      return `ERROR: update_lead NOT AN ALLOWED LIST ID, SEARCH - ${phone}|${listId}\n`;
    if (q.get('no_update') === 'Y') {
      if (matches.length === 0)
        return `NOTICE: update_lead NO MATCHES FOUND IN THE SYSTEM - ${apiUser}|${leadId}|${vendorLeadCode}|${phone}\n`;
      return matches
        .map(
          (l) =>
            `NOTICE: update_lead LEADS FOUND IN THE SYSTEM: |${apiUser}|${l.leadId}|${l.vendorLeadCode}|${l.phoneNumber}|${l.listId}|0\n`,
        )
        .join('');
    }
    if (matches.length === 0)
      return `ERROR: update_lead NO MATCHES FOUND IN THE SYSTEM - ${apiUser}|${leadId}|${vendorLeadCode}|${phone}\n`;
    const records = Math.max(1, Number(q.get('records') ?? '1') || 1);
    const status = q.get('status') ?? '';
    let reply = '';
    for (const lead of matches.slice(0, records)) {
      if (STATUS.test(status)) lead.status = status;
      reply += `SUCCESS: update_lead LEAD HAS BEEN UPDATED - ${apiUser}|${lead.leadId}\n`;
      if (q.get('callback') === 'Y') reply += scheduleCallback(q, lead);
    }
    return reply;
  }

  /** add_dnc_phone: the number on the system DNC list (SYSTEM_INTERNAL) or a campaign's. */
  function addDncPhone(q: URLSearchParams, apiUser: string): string {
    const phone = q.get('phone_number') ?? '';
    const campaignId = q.get('campaign_id') ?? '';
    if (phone.length < 6 || phone.length > 20 || campaignId.length < 2 || campaignId.length > 30) {
      return `ERROR: add_dnc_phone YOU MUST USE ALL REQUIRED FIELDS - ${apiUser}|${phone}|${campaignId}\n`;
    }
    const list = campaignId === SYSTEM_DNC ? dnc : campaignDncOf(campaignId);
    if (list.has(phone)) return `ERROR: add_dnc_phone DNC NUMBER ALREADY EXISTS - ${apiUser}|${phone}\n`;
    list.add(phone);
    return `SUCCESS: add_dnc_phone DNC NUMBER HAS BEEN ADDED - ${apiUser}|${phone}|${campaignId}\n`;
  }

  function answer(q: URLSearchParams): string {
    const fn = q.get('function') ?? '';
    if (fn === '') return 'ERROR: NO FUNCTION SPECIFIED\n';
    const apiUser = q.get('user') ?? '';
    const apiPass = q.get('pass') ?? '';
    const restricted =
      options.restrictedUser !== undefined &&
      apiUser === options.restrictedUser.user &&
      apiPass === options.restrictedUser.pass;
    // Like VICIdial, the refusal echoes what was sent, password included: the reader must keep it out of messages.
    if (!restricted && (apiUser !== user || apiPass !== pass))
      return `ERROR: Invalid Username/Password: |${apiUser}|${apiPass}|\n`;
    const leadsAllowed = !restricted && modifyLeads;
    if (fn === 'add_lead') {
      return leadsAllowed
        ? addLead(q, apiUser)
        : `ERROR: add_lead USER DOES NOT HAVE PERMISSION TO ADD LEADS TO THE SYSTEM - ${apiUser}|0\n`;
    }
    if (fn === 'update_lead') {
      return leadsAllowed
        ? updateLead(q, apiUser)
        : `ERROR: update_lead USER DOES NOT HAVE PERMISSION TO UPDATE LEADS IN THE SYSTEM - ${apiUser}|0\n`;
    }
    if (fn === 'add_dnc_phone') {
      return !restricted && modifyLists
        ? addDncPhone(q, apiUser)
        : `ERROR: add_dnc_phone USER DOES NOT HAVE PERMISSION TO ADD DNC NUMBERS - ${apiUser}|0\n`;
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
    dncList: (campaignId) => [...(campaignId === SYSTEM_DNC ? dnc : campaignDncOf(campaignId)).added],
    leadByVendorCode: (vendorLeadCode) => byVendorCode.get(vendorLeadCode)?.at(-1),
    setPermissions: (permissions) => {
      modifyLeads = permissions.modifyLeads ?? modifyLeads;
      modifyLists = permissions.modifyLists ?? modifyLists;
    },
    removeLead: (leadId) => {
      for (const map of [lists, byPhone, byVendorCode]) {
        for (const [key, leads] of map) {
          const kept = leads.filter((l) => l.leadId !== leadId);
          if (kept.length === 0) map.delete(key);
          else map.set(key, kept);
        }
      }
    },
  };
}
