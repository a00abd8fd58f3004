// The database a heavy read of this request goes to: the read replica while it is fresh enough and has the
// signed-in user's own last change, else the primary (db/replica.ts). Only reads that change nothing may use these.
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/schema.ts';

/** An interactive heavy read: a list over many rows (short time limits). */
export function readDb(request: FastifyRequest): Db {
  return request.server.reads.db(request.user?.sub);
}

/** A long heavy read: a report or an export streamed from a cursor (long time limits). */
export function readBulkDb(request: FastifyRequest): Db {
  return request.server.reads.bulkDb(request.user?.sub);
}
