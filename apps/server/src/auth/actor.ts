// Who made a change, as the audit log records it: read from the signed-in user of a guarded route. Beside the guard,
// so every module's routes name the actor without importing the audit module for it.
import type { FastifyRequest } from 'fastify';
import { currentUser } from './guard.ts';

/** Who made a change, copied into each entry (the trail outlives the accounts it names). */
export type TAuditActor = { userId: number | null; username: string; role: string; ip: string | null };

/** The signed-in user of a guarded route and the client's address (as TRUST_PROXY allows it to be read). */
export function actorOf(request: FastifyRequest): TAuditActor {
  const user = currentUser(request);
  const id = Number(user.sub);
  return {
    userId: Number.isSafeInteger(id) ? id : null,
    username: user.userName,
    role: user.roles[0]?.roleName ?? '',
    ip: request.ip || null,
  };
}
