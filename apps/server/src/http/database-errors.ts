// Database failures as the user sees them: an outage, a full disk or a busy server, each with its status and words.
import { MESSAGES } from '@crm/shared';
import type { TDatabaseFailure } from '../db/pg-errors.ts';

/** The status and words of a failure; a read is told it is busy without the "nothing was stored" of a write. */
export function databaseFailureReply(failure: TDatabaseFailure, method: string): { status: number; message: string } {
  if (failure === 'disk-full') return { status: 507, message: MESSAGES.database.diskFull };
  if (failure === 'unavailable') return { status: 503, message: MESSAGES.database.unavailable };
  const reading = method === 'GET' || method === 'HEAD';
  return { status: 503, message: reading ? MESSAGES.database.busyReading : MESSAGES.database.busy };
}
