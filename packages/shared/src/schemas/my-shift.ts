// GET /api/ap/myShift: the agent's own shift so far, on the idle CRM screen (docs/guide/call-loop.md).
import { z } from 'zod';

export const ZMyShift = z.object({
  /** Since the agent's sign-in of this shift (the token's session), in ISO-8601 UTC. */
  since: z.string(),
  /** Calls ended (attempts), of them completed surveys, callbacks the agent set. */
  calls: z.number().int(),
  completed: z.number().int(),
  callbacksSet: z.number().int(),
  /** Mean handle time of the calls, in seconds; null with none. */
  averageHandleSeconds: z.number().nullable(),
  /** The campaign's call target per agent and the agent's calls today (the local day in TIME_ZONE). */
  callTarget: z.number().int().nullable(),
  callsToday: z.number().int(),
  /** The agent's callbacks due now. */
  callbacksDue: z.number().int(),
});
export type TMyShift = z.infer<typeof ZMyShift>;
