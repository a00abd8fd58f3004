// Demo data: open and answered disputes.
import type { Db } from '../db/schema.ts';

export async function seedDisputesDemo(_db: Db, _timeZone: string): Promise<void> {}
