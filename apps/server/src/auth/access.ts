// The general role checks every module asks of the signed-in user (docs/product.md §6): which role it holds, its user
// id, and who may see a QC record (its inspector, the agent scored on it, an admin), which the QC screens and the
// audit trail of a record both ask. Here, beside the guard, so any module can reach them without importing another.
import { QC_MESSAGES, type TTokenPayload } from '@crm/shared';
import { forbidden } from '../http/errors.ts';

export const hasRole = (user: TTokenPayload, role: 'ADMIN' | 'QC' | 'AGENT') =>
  user.roles.some((r) => r.roleName === role);

export const isAdmin = (user: TTokenPayload) => hasRole(user, 'ADMIN');
export const isAgent = (user: TTokenPayload) => !isAdmin(user) && !hasRole(user, 'QC') && hasRole(user, 'AGENT');

export function userIdOf(user: TTokenPayload): number {
  return Number(user.sub);
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
