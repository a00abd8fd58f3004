// What the send engine (sends/worker.ts) asks of the dialer, whichever it is: VICIdial's non-agent API over HTTP, or
// the in-process stand-in of DIALER=simulated. Both answer in VICIdial's documented reply text, read by add-lead.ts.

/** A lead as it goes to add_lead. */
export type TLeadToSend = {
  /** Our lead id: add_lead's vendor_lead_code, and what a resume looks the lead up by. */
  leadId: string;
  /** E.164 (+8801712345678): split into phone_code and phone_number. */
  phoneNumber: string;
  respondentName: string | null;
  /**
   * The lead's other columns by name (did, data_status, br_id, region, territory, area, brand, target_selector,
   * data_date, then the campaign's own columns); empty values are left out. A name that is one of add_lead's standard
   * fields goes as that field, any other as a custom field (custom_fields=Y).
   */
  columns: Record<string, string>;
};

/** The campaign's add_lead settings, as the send holds them. */
export type TSendSettings = {
  listId: string;
  duplicateCheck: 'NONE' | 'DUPLIST' | 'DUPCAMP' | 'DUPSYS';
  dncCheck: boolean;
  campaignDncCheck: boolean;
  vicidialCampaignId: string | null;
};

/**
 * The outcome of one add_lead request.
 * - added / duplicate / dnc / refused: VICIdial's answer about this lead (message: its reply, one line per line).
 * - stop: an answer no lead can get past (bad credentials, no add_lead permission, a list not allowed): the send stops.
 * - transient: no usable answer (network, time-out, HTTP error, an unreadable reply): the lead may or may not have
 *   been added, so it is looked up before it is tried again.
 */
export type TAddLeadResult =
  | { kind: 'added'; vicidialLeadId: string | null; message: string }
  | { kind: 'duplicate' | 'dnc' | 'refused'; message: string }
  | { kind: 'stop'; message: string }
  | { kind: 'transient'; message: string };

/** Whether the list already holds a lead of this vendor_lead_code (update_lead with no_update=Y). */
export type TFindLeadResult =
  | { kind: 'found'; vicidialLeadId: string | null; message: string }
  | { kind: 'absent' }
  | { kind: 'stop'; message: string }
  | { kind: 'transient'; message: string };

export type TLeadTransport = {
  /** 'vicidial' or 'simulated', as the settings reply says it. */
  mode: 'vicidial' | 'simulated';
  addLead: (lead: TLeadToSend, settings: TSendSettings, signal: AbortSignal) => Promise<TAddLeadResult>;
  findLead: (vendorLeadCode: string, settings: TSendSettings, signal: AbortSignal) => Promise<TFindLeadResult>;
};
