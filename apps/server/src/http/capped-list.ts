// Lists kept unpaged for the older client (docs/older-client.md) answer at most a documented number of rows; the reply
// says when it was cut and how many there are in all (docs/api.md, Pages).
import type { FastifyReply } from 'fastify';

/** The rows a capped list answers, how many match in all, and its cap. */
export type TCappedList<T> = { items: T[]; total: number; cap: number };

/** Headers of a capped list: always the total, and whether the reply holds fewer rows than that. */
export const CAPPED_LIST_HEADERS = {
  total: 'x-total-count',
  truncated: 'x-result-truncated',
  limit: 'x-result-limit',
} as const;

/** Sets the capped list's headers and answers its rows, in the shape the older client reads. */
export function replyCapped<T>(reply: FastifyReply, list: TCappedList<T>): T[] {
  reply.header(CAPPED_LIST_HEADERS.total, String(list.total));
  reply.header(CAPPED_LIST_HEADERS.limit, String(list.cap));
  if (list.total > list.items.length) reply.header(CAPPED_LIST_HEADERS.truncated, 'true');
  return list.items;
}

/** The first `cap` of `fetched` (read with a limit of cap + 1), and the total: counted only when there were more. */
export async function capList<T>(
  fetched: T[],
  cap: number,
  count: () => Promise<number>,
): Promise<{ kept: T[]; total: number }> {
  if (fetched.length <= cap) return { kept: fetched, total: fetched.length };
  return { kept: fetched.slice(0, cap), total: await count() };
}
