// Who may see and change which QC records: an admin all of them, a QC inspector only its own, an agent only the
// in-house records scored on it (docs/product.md §6).
import { QC_MESSAGES, type TTokenPayload } from '@crm/shared';
import { forbidden } from '../../http/errors.ts';

const hasRole = (user: TTokenPayload, role: 'ADMIN' | 'QC' | 'AGENT') => user.roles.some((r) => r.roleName === role);

export const isAdmin = (user: TTokenPayload) => hasRole(user, 'ADMIN');
export const isAgent = (user: TTokenPayload) => !isAdmin(user) && !hasRole(user, 'QC') && hasRole(user, 'AGENT');

export function userIdOf(user: TTokenPayload): number {
  return Number(user.sub);
}

/**
 * The inspector whose records a call may touch: undefined for an admin (all, or the one it names), the caller
 * itself for an inspector. An inspector naming another inspector is refused, whatever the query says.
 */
export function inspectorScope(user: TTokenPayload, named?: string): { inspectorId?: number; inspectorName?: string } {
  if (isAdmin(user)) return named ? { inspectorName: named } : {};
  if (named && named.toLowerCase() !== user.userName.toLowerCase()) throw forbidden(QC_MESSAGES.otherInspector);
  return { inspectorId: userIdOf(user) };
}

/** 403 unless the caller may see this record: its inspector, the agent scored on it (in-house only), or an admin. */
export function assertCanSeeRecord(
  user: TTokenPayload,
  record: { qcInspectorId: number | null; agentUserId: number | null; kind: string },
): void {
  if (isAdmin(user)) return;
  if (hasRole(user, 'QC')) {
    if (record.qcInspectorId !== userIdOf(user)) throw forbidden(QC_MESSAGES.otherInspector);
    return;
  }
  if (record.kind !== 'in-house' || record.agentUserId !== userIdOf(user)) throw forbidden(QC_MESSAGES.otherAgent);
}

/** 403 unless the caller may change or delete this record: its inspector or an admin. */
export function assertCanChangeRecord(user: TTokenPayload, record: { qcInspectorId: number | null }): void {
  if (isAdmin(user)) return;
  if (!hasRole(user, 'QC') || record.qcInspectorId !== userIdOf(user)) throw forbidden(QC_MESSAGES.otherInspector);
}
