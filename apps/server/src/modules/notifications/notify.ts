// What other modules call to tell users of an event (docs/notifications.md): stores one notification per user and
// pushes it to the user's open streams. Called inside the caller's transaction where there is one, so a refused
// change tells nobody.
import type { Kysely, Transaction } from 'kysely';
import type { TNewNotification } from '@crm/shared';
import type { DB } from '../../db/schema.ts';

/**
 * Stores the notifications and pushes each to its user's open streams once the statement commits.
 * CONTRACT (issue 37): the notifications area fills this in; other areas call it as it is.
 */
export async function notifyUsers(
  _db: Kysely<DB> | Transaction<DB>,
  _notices: readonly TNewNotification[],
): Promise<void> {}
