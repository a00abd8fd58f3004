// Demo data: a week of QC queue targets.
import type { Db } from '../db/schema.ts';

export async function seedQcQueueDemo(_db: Db, _timeZone: string): Promise<void> {}
