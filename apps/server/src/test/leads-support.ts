// Helpers of the lead tests: leads inserted straight into the table, their states read back, admin calls.
import { expect } from 'vitest';
import type { Insertable } from 'kysely';
import type { TGenerateTargetsInput } from '@crm/shared';
import type { Db, LeadsTable } from '../db/schema.ts';
import type { Caller, Reply } from './harness.ts';

export const DATE = '2024-05-01';

export type TestLead = Omit<Partial<Insertable<LeadsTable>>, 'campaignId'>;

let n = 0;
/** A unique Bangladeshi mobile number in its stored form (E.164). */
export function nextCell(): string {
  n += 1;
  return `+88017${10_000_000 + n}`;
}

/** Inserts leads of one campaign (data date DATE, fresh, a unique number unless given); returns their ids in order. */
export async function insertLeads(db: Db, campaignId: number, leads: TestLead[]): Promise<number[]> {
  if (leads.length === 0) return [];
  const rows = await db
    .insertInto('leads')
    .values(leads.map((l) => ({ dataDate: DATE, cellNumber: nextCell(), ...l, campaignId })))
    .returning('id')
    .execute();
  return rows.map((r) => Number(r.id));
}

/** `count` leads alike (e.g. one br_id and selector). */
export function many(count: number, lead: TestLead): TestLead[] {
  return Array.from({ length: count }, () => ({ ...lead }));
}

export type LeadState = {
  id: number;
  brId: string | null;
  targetSelector: string | null;
  dataDate: string;
  forD: string;
  generateStatus: number;
  isCalled: number;
};

/** Every lead of the campaign, in upload order. */
export async function leadStates(db: Db, campaignId: number): Promise<LeadState[]> {
  const rows = await db
    .selectFrom('leads')
    .select(['id', 'brId', 'targetSelector', 'dataDate', 'forD', 'generateStatus', 'isCalled'])
    .where('campaignId', '=', campaignId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** Ids of the campaign's generated leads (generate_status > 0), in order. */
export async function generatedIds(db: Db, campaignId: number): Promise<number[]> {
  return (await leadStates(db, campaignId)).filter((l) => l.generateStatus > 0).map((l) => l.id);
}

export function query(params: Record<string, string | number | boolean | undefined>): string {
  const entries = Object.entries(params).filter((e): e is [string, string | number | boolean] => e[1] !== undefined);
  return new URLSearchParams(entries.map(([k, v]): [string, string] => [k, String(v)])).toString();
}

type GenerateCall = { campaign: string; dataDate?: string; all?: boolean; targets?: TGenerateTargetsInput };

export function generateUrl(path: 'updateData' | 'reGenerateData', c: GenerateCall): string {
  return `/dynamic/${path}?${query({ tableName: c.campaign, dataDate: c.dataDate ?? DATE, all: c.all })}`;
}

/** POST /dynamic/updateData, expecting 200. */
export async function generate<T = { rowsUpdated: number; message: string }>(api: Caller, c: GenerateCall): Promise<T> {
  const r = await api.post(generateUrl('updateData', c), c.targets ?? {});
  expect(r.status, r.text).toBe(200);
  return r.json<T>();
}

/** POST /dynamic/reGenerateData, expecting 200. */
export async function regenerate(
  api: Caller,
  c: GenerateCall,
): Promise<{ rowsRegenerated: number; batch: number; message: string }> {
  const r = await api.post(generateUrl('reGenerateData', c), c.targets ?? {});
  expect(r.status, r.text).toBe(200);
  return r.json();
}

export function expectMessage(r: Reply, status: number, pattern: RegExp | string): void {
  expect(r.status, r.text).toBe(status);
  const { message } = r.json<{ message: string }>();
  if (typeof pattern === 'string') expect(message).toBe(pattern);
  else expect(message).toMatch(pattern);
}
