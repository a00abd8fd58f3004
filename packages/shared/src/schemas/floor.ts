// Schemas of the floor now (issue 38, docs/guide/floor.md): who is signed in, on a call or idle, and their calls today.
// GET /api/floor answers a TFloor; GET /api/floor/stream sends the same as events named FLOOR_EVENT.
import { z } from 'zod';

/** The name of the floor stream's events (`event: floor`). */
export const FLOOR_EVENT = 'floor';

export const FLOOR_STATES = ['onCall', 'idle'] as const;
export const ZFloorState = z.enum(FLOOR_STATES);
export type TFloorState = z.infer<typeof ZFloorState>;

/** VICIdial's own view of the agent (agent_status), only while the dialer is VICIdial. */
export const ZFloorDialer = z.object({
  /** INCALL, PAUSED, READY, QUEUE, CLOSER…; 'LOGGED OUT' when the agent is not on VICIdial's agent screen. */
  status: z.string(),
  /** DEAD, DISPO, 3-WAY, PARK, RING… or ''. */
  subStatus: z.string(),
  /** VICIdial's lead id of the call, '' when none. */
  leadId: z.string(),
  /** Why VICIdial's state could not be read; the other fields are then ''. */
  error: z.string().nullable(),
});
export type TFloorDialer = z.infer<typeof ZFloorDialer>;

export const ZFloorAgent = z.object({
  userId: z.number().int(),
  agentId: z.string(),
  agentName: z.string(),
  campaignName: z.string(),
  shift: z.string(),
  /** The sign-in shown (the latest of the agent's open ones), ISO. */
  signedInAt: z.string(),
  state: ZFloorState,
  /** On a call: when it started (the first lookup of the lead), ISO. */
  callStartedAt: z.string().optional(),
  /** On a call: the lead's id. */
  leadId: z.string().optional(),
  /** On a call: the lead's number, all but the last 4 digits hidden. */
  cellNumberMasked: z.string().optional(),
  /** On a call: the question on the agent's screen (the first one until the agent answers). */
  question: z.object({ qno: z.string(), title: z.string() }).optional(),
  /** Idle: since the later of the last call's end and the sign-in, ISO. */
  idleSince: z.string().optional(),
  /** Calls ended (attempts) today, local day (TIME_ZONE), in any sign-in. */
  callsToday: z.number().int(),
  /** Of those, completed. */
  completedToday: z.number().int(),
  dialer: ZFloorDialer.optional(),
});
export type TFloorAgent = z.infer<typeof ZFloorAgent>;

export const ZFloorTotals = z.object({
  signedIn: z.number().int(),
  onCall: z.number().int(),
  idle: z.number().int(),
  callsToday: z.number().int(),
  completedToday: z.number().int(),
});
export type TFloorTotals = z.infer<typeof ZFloorTotals>;

export const ZFloor = z.object({
  /** When the floor was read, ISO. */
  at: z.string(),
  /** Sorted: on a call first, then idle; within each, the longest in that state first. */
  agents: z.array(ZFloorAgent),
  totals: ZFloorTotals,
});
export type TFloor = z.infer<typeof ZFloor>;
