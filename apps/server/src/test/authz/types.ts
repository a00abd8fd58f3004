// The shapes the authorization matrix shares: its callers and verdicts (authz-expectations.ts), its world
// (authz-world.ts) and how a route is called (each area's file in authz/). A file of its own so the areas' files
// can name them without importing the world or the expectations that import them.
import type { TQuestion } from '@crm/shared';
import type { App } from '../../app-type.ts';
import type { Caller, TestUser } from '../harness.ts';

/** client: a client account of campaign X; otherClient: of campaign Y (docs/guide/clients.md). */
export const CALLERS = ['anon', 'agent', 'otherAgent', 'qc', 'otherQc', 'admin', 'client', 'otherClient'] as const;
/** The callers a 6-letter row names; a row of 6 letters leaves both clients out (authz-expectations.ts, verdictsOf). */
export const STAFF_CALLERS = 6;
export type Who = (typeof CALLERS)[number];
export type Verdict = 'A' | 'D' | 'S';

export type CampaignSetup = {
  id: number;
  name: string;
  code: string;
  tableId: number;
  questions: TQuestion[];
  cell: string;
  leadId: number;
};

export type World = {
  app: App;
  x: CampaignSetup;
  y: CampaignSetup;
  users: Record<Exclude<Who, 'anon'>, TestUser>;
  /** aX's agent profile id (agents.id, as /api/ac names agents). */
  agentProfileId: number;
  tokens: Record<Who, string | undefined>;
  /** qA's records of aX's calls, and aX's review of the in-house one. */
  record: { inHouse: number; client: number; review: number };
  /**
   * A token whose sign-out ends nothing the other calls use: signing out ends every token of its user, so it is a
   * new sign-in of a spare user of the same role (and, for an agent, the same campaign).
   */
  freshToken: (who: Who) => Promise<string | undefined>;
  admin: Caller;
  qc: Caller;
};

export type Probe = {
  url: string;
  body?: unknown;
  /** A multipart/form-data body of one file. */
  form?: { field: string; fileName: string; content: Buffer | string; type: string };
  headers?: Record<string, string>;
  /** Called with a new sign-in of the caller (signing out ends the session the other probes use). */
  freshSession?: boolean;
};
/** A function is called once per caller: the objects it makes are that call's own. */
export type ProbeSpec = Probe | (() => Promise<Probe>);
