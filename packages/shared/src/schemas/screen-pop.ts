// The dialer's call pushed to the agent's CRM screen (docs/call-loop.md, "Screen pop").
import { z } from 'zod';

/**
 * One call the dialer connected to the agent: VICIdial's agent_status fields, or the web form's --A--…--B--
 * variables. The screen looks the lead up by vendorLeadCode (our lead id, as sends set it), else by phoneNumber.
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
});
export type TScreenPop = z.infer<typeof ZScreenPop>;

/** /CRM?phone_number=…&vendor_lead_code=…&lead_id=…&user=… (VICIdial's web form, in the window it reuses). */
export const ZWebFormPop = z.object({
  phone_number: z.string().trim().max(40).optional(),
  vendor_lead_code: z.string().trim().max(40).optional(),
  lead_id: z.string().trim().max(40).optional(),
  user: z.string().trim().max(100).optional(),
});
export type TWebFormPop = z.infer<typeof ZWebFormPop>;
