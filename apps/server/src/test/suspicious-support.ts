// Test support of suspicious completes (modules/suspicious): campaigns with agents, completed calls made by hand at
// given local times with their answers, the day's recordings and the scan of the day's folder.
import type { Db } from '../db/schema.ts';
import { createCampaign, createUser, type TestContext, type TestUser } from './harness.ts';

/** The call centre's zone of these tests: days and times below are its wall clock (+06:00). */
export const SUSPICIOUS_TIME_ZONE = 'Asia/Dhaka';

/** An instant of a local day and time (HH:mm or HH:mm:ss) in SUSPICIOUS_TIME_ZONE. */
export function localInstant(day: string, time: string): Date {
  const hms = time.length === 5 ? `${time}:00` : time;
  return new Date(`${day}T${hms}+06:00`);
}

let seq = 0;

export type TSuspiciousWorld = { campaignId: number; campaignName: string; agents: TestUser[] };

/** A fresh campaign and `agentCount` agents. */
export async function suspiciousWorld(t: TestContext, agentCount = 1): Promise<TSuspiciousWorld> {
  const campaign = await createCampaign(t.db);
  const agents: TestUser[] = [];
  for (let i = 0; i < agentCount; i += 1) {
    seq += 1;
    agents.push(await createUser(t.db, { role: 'agent', username: `SUS-${seq}`, name: `Suspicious Agent ${seq}` }));
  }
  return { campaignId: campaign.id, campaignName: campaign.campaignName, agents };
}

export type TCallSpec = {
  agent: TestUser;
  day: string;
  /** The call's end, local HH:mm[:ss]. */
  endedAt: string;
  handleSeconds: number;
  answers?: Record<string, string>;
  completed?: boolean;
  /** The lead's number; a fresh one when missing. */
  cell?: string;
};

/** A fresh number +8801711XXXXXX. */
export function freshCell(): string {
  seq += 1;
  return `+8801711${String(100000 + seq).slice(-6)}`;
}

/**
 * A lead of the campaign called once: its attempt (completed unless told), and the answers saved with it in the
 * lead's answer history, as a save that ends a call writes them (modules/crm/save.ts).
 */
export async function addCall(
  db: Db,
  world: TSuspiciousWorld,
  spec: TCallSpec,
): Promise<{ attemptId: number; leadId: number; cell: string }> {
  const cell = spec.cell ?? freshCell();
  const completed = spec.completed ?? true;
  const answers = spec.answers ?? {};
  const lead = await db
    .insertInto('leads')
    .values({
      campaignId: world.campaignId,
      cellNumber: cell,
      dataDate: spec.day,
      answers: JSON.stringify(answers),
      isCalled: completed ? 1 : 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const endedAt = localInstant(spec.day, spec.endedAt);
  const attempt = await db
    .insertInto('callAttempts')
    .values({
      leadId: lead.id,
      campaignId: world.campaignId,
      userId: spec.agent.id,
      agentId: spec.agent.username,
      sessionId: null,
      startedAt: new Date(endedAt.getTime() - spec.handleSeconds * 1000),
      endedAt,
      handleSeconds: spec.handleSeconds,
      dispositionCode: completed ? 'COMPLETE' : 'CALLBACK',
      dispositionName: completed ? 'Completed' : 'Partial / call back',
      dispositionKind: completed ? 'completed' : 'callback',
      vicidialStatus: null,
      completed,
      dialerCallId: null,
      dialerStatus: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('leadAnswerHistory')
    .values({
      leadId: lead.id,
      version: 1,
      userId: spec.agent.id,
      agentId: spec.agent.username,
      answers: JSON.stringify(answers),
      isCalled: completed ? 1 : 0,
    })
    .execute();
  return { attemptId: Number(attempt.id), leadId: Number(lead.id), cell };
}

/** A recording of the number on the day, attributed to the agent and campaign (as the scanner and catch-up leave it). */
export async function addRecording(
  db: Db,
  world: TSuspiciousWorld,
  spec: { agent: TestUser; day: string; cell: string; time: string; durationSec?: number },
): Promise<number> {
  seq += 1;
  const digits = spec.cell.replace(/^\+880/, '0');
  const row = await db
    .insertInto('recordings')
    .values({
      callDate: spec.day,
      fileName: `${spec.day.replaceAll('-', '')}-${spec.time.replaceAll(':', '')}${String(seq).padStart(2, '0')}_${digits}_${spec.agent.username}-all.mp3`,
      phoneNumber: digits,
      phoneKey: spec.cell,
      agentId: spec.agent.username,
      callTime: `${spec.day} ${spec.time.length === 5 ? `${spec.time}:00` : spec.time}`,
      durationSec: spec.durationSec ?? 90,
      campaignId: world.campaignId,
      agentUserId: spec.agent.id,
      attributedAt: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The scanner read the day's folder at `scannedAt`. */
export async function scanFolder(db: Db, day: string, scannedAt: Date): Promise<void> {
  await db
    .insertInto('recordingFolders')
    .values({ callDate: day, folderMtimeMs: 0, scannedAt })
    .onConflict((oc) => oc.column('callDate').doUpdateSet({ scannedAt }))
    .execute();
}
