// Which QC records an inspector may list and change: an admin all of them, a QC inspector only its own
// (docs/product.md §6). The general role checks, and who may see a record, are in auth/access.ts.
import { QC_MESSAGES, type TTokenPayload } from '@crm/shared';
import { forbidden } from '../../http/errors.ts';
import { hasRole, isAdmin, userIdOf } from '../../auth/access.ts';

/**
 * The inspector whose records a call may touch: undefined for an admin (all, or the one it names), the caller
 * itself for an inspector. An inspector naming another inspector is refused, whatever the query says.
 */
export function inspectorScope(user: TTokenPayload, named?: string): { inspectorId?: number; inspectorName?: string } {
  if (isAdmin(user)) return named ? { inspectorName: named } : {};
  if (named && named.toLowerCase() !== user.userName.toLowerCase()) throw forbidden(QC_MESSAGES.otherInspector);
  return { inspectorId: userIdOf(user) };
}

/** 403 unless the caller may change or delete this record: its inspector or an admin. */
export function assertCanChangeRecord(user: TTokenPayload, record: { qcInspectorId: number | null }): void {
  if (isAdmin(user)) return;
  if (!hasRole(user, 'QC') || record.qcInspectorId !== userIdOf(user)) throw forbidden(QC_MESSAGES.otherInspector);
}
