// The dialer's call pushed to the agent's CRM screen (docs/guide/call-loop.md, "Screen pop").
import { z } from 'zod';
import { ZCallbackCreate } from './callbacks.ts';

/** The event names of GET /api/ap/popStream (server-sent events). */
export const SCREEN_POP_EVENTS = {
  /** First on every stream: whether and how calls will be pushed (ZScreenPopReady). */
  ready: 'ready',
  /** A call the dialer connected to this agent (ZScreenPop). */
  pop: 'pop',
} as const;

/** Where a pop came from: VICIdial's agent_status, the simulated dialer (DIALER=simulated), VICIdial's web form. */
export const SCREEN_POP_SOURCES = ['vicidial', 'simulated', 'webform'] as const;
export type TScreenPopSource = (typeof SCREEN_POP_SOURCES)[number];

/**
 * One call the dialer connected to the agent: VICIdial's agent_status fields, or the web form's --A--…--B--
 * variables, and the lead the server found for it. The server has already recorded the call's start (the attempt's
 * start and its dialer call id); the screen opens the lead at Q1 (or shows it in a banner while another call is
 * on the screen) by looking up `cellNumber` in `campaignName`.
 */
export const ZScreenPop = z.object({
  /** VICIdial's lead_id: the dialer's call id kept on the attempt. */
  dialerLeadId: z.string(),
  phoneNumber: z.string(),
  vendorLeadCode: z.string(),
  /** VICIdial's campaign id of the call, when it says. */
  dialerCampaign: z.string().optional(),
  /** When the server saw the call connected (ISO-8601 UTC): the call timer starts here. */
  connectedAt: z.string(),
  /** VICIdial's call_id of the call (M…/V…), when it says: two calls of one lead differ by it. */
  callId: z.string().optional(),
  source: z.enum(SCREEN_POP_SOURCES),
  /** The campaign the agent is signed into: the lead was looked for there, and nowhere else. */
  campaignName: z.string(),
  /** Our lead: by vendorLeadCode (our lead id, as sends set it), else the campaign's generated lead with the number; null: none. */
  leadId: z.number().int().nullable(),
  /** The number to look up: the lead's stored number (E.164); without a lead, the dialer's number in E.164 when it reads as one, else as it came. */
  cellNumber: z.string(),
});
export type TScreenPop = z.infer<typeof ZScreenPop>;

/** The first event of GET /api/ap/popStream. */
export const ZScreenPopReady = z.object({
  /** vicidial: the agent's VICIdial session is watched; simulated: the simulated dialer pops after each save; none: no pops (typed numbers only). */
  source: z.enum(['vicidial', 'simulated', 'none']),
  /** The VICIdial user watched (the agent's profile's, else the agent ID); null without VICIdial. */
  vicidialUser: z.string().nullable(),
});
export type TScreenPopReady = z.infer<typeof ZScreenPopReady>;

/** /CRM?phone_number=…&vendor_lead_code=…&lead_id=…&user=… (VICIdial's web form, in the window it reuses). */
export const ZWebFormPop = z.object({
  phone_number: z.string().trim().max(40).optional(),
  vendor_lead_code: z.string().trim().max(40).optional(),
  lead_id: z.string().trim().max(40).optional(),
  user: z.string().trim().max(100).optional(),
});
export type TWebFormPop = z.infer<typeof ZWebFormPop>;

/** What sending the call's disposition to VICIdial (agc/api.php external_status) came to; the save stands whatever it is. */
export const DIALER_REPORT_STATUSES = ['sent', 'refused', 'failed'] as const;

/**
 * sent: VICIdial answered SUCCESS; refused: it answered ERROR (message: its line, word for word); failed: no readable
 * answer (down, time-out, HTTP error, garbage) or no VICIdial to send to.
 */
export const ZDialerDispositionReport = z.object({
  status: z.enum(DIALER_REPORT_STATUSES),
  message: z.string(),
});
export type TDialerDispositionReport = z.infer<typeof ZDialerDispositionReport>;

/**
 * The save's body key (PUT /dynamic/updateLeadData) of the callback a callback disposition of a dialer's call sends to
 * VICIdial with external_status (callback_datetime, callback_type, callback_comments). The server takes it out of the
 * answers; the callback itself is still set with POST /api/callbacks after the save.
 */
export const SAVE_CALLBACK_KEY = 'callback';

/** The callback under SAVE_CALLBACK_KEY: `at` is the wall clock in TIME_ZONE (the call centre's, and its VICIdial's). */
export const ZSaveCallback = ZCallbackCreate.pick({ at: true, mineOnly: true, note: true });
export type TSaveCallback = z.input<typeof ZSaveCallback>;

/** Refusal codes of POST /api/ap/webFormPop. */
export const SCREEN_POP_CODES = {
  /** The web form named another VICIdial user than the signed-in agent's. */
  otherVicidialUser: 'OTHER_VICIDIAL_USER',
  /** Neither phone_number nor vendor_lead_code. */
  nothingToPop: 'NOTHING_TO_POP',
} as const;
