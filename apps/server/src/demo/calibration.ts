// Demo data: a closed calibration session with three inspectors.
import type { Db } from '../db/schema.ts';

export async function seedCalibrationDemo(_db: Db, _timeZone: string): Promise<void> {}
