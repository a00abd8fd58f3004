// Submitting a scored call: the in-house and the client record at once, then, for a ticked call, the recording linked
// to each, and the comments held on the recording's timeline posted to the in-house record (the one its agent reads).
// What was stored is kept, so Submit after a failure does only what is left and never stores anything twice.
import type {
  TQcClientRecord,
  TQcClientRecordCreateInput,
  TQcRecord,
  TQcRecordComment,
  TQcRecordCommentCreateInput,
  TQcRecordCreateInput,
  TQcRecordFile,
} from '@crm/shared';
import { postBody, type THeldComment } from './timeline-comments.ts';

export type TSubmitCalls = {
  addInHouse: (body: TQcRecordCreateInput) => Promise<TQcRecord>;
  addClient: (body: TQcClientRecordCreateInput) => Promise<TQcClientRecord>;
  linkFile: (qcRecordId: number, fileName: string) => Promise<TQcRecordFile>;
  addComment: (qcRecordId: number, body: TQcRecordCommentCreateInput) => Promise<TQcRecordComment>;
};

export type TSubmitProgress = {
  inHouse: TQcRecord | null;
  client: TQcClientRecord | null;
  /** Record ids whose recording link is stored. */
  linked: number[];
  /** The held timeline comments posted (their panel ids). */
  commented: number[];
};

export const NO_PROGRESS: TSubmitProgress = { inHouse: null, client: null, linked: [], commented: [] };

export type TSubmitOutcome =
  | { kind: 'done'; progress: TSubmitProgress & { inHouse: TQcRecord; client: TQcClientRecord }; fileLinked: boolean }
  | {
      kind: 'failed';
      progress: TSubmitProgress;
      problems: string[];
      /** The refusal of each record not saved (a screen shows one naming a criterion on that criterion). */
      errors?: { inHouse?: unknown; client?: unknown };
    };

export const SUBMIT_STEP_NAMES = {
  inHouse: 'The in-house record (Marks 1) was not saved',
  client: 'The client record (Marks 2) was not saved',
  link: 'The recording was not linked to the records',
  comments: 'The comments on the recording were not saved',
} as const;

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export async function submitScoredCall(
  start: TSubmitProgress,
  bodies: { inHouse: TQcRecordCreateInput; client: TQcClientRecordCreateInput },
  /** The ticked recording, or null when no call was marked successful. */
  fileName: string | null,
  calls: TSubmitCalls,
  /** The timeline comments to post to the in-house record (those not posted by an earlier Submit). */
  comments: readonly THeldComment[] = [],
): Promise<TSubmitOutcome> {
  const problems: string[] = [];
  const errors: { inHouse?: unknown; client?: unknown } = {};
  const [inHouse, client] = await Promise.all([
    start.inHouse ??
      calls.addInHouse(bodies.inHouse).catch((e: unknown) => {
        problems.push(`${SUBMIT_STEP_NAMES.inHouse}: ${reason(e)}`);
        errors.inHouse = e;
        return null;
      }),
    start.client ??
      calls.addClient(bodies.client).catch((e: unknown) => {
        problems.push(`${SUBMIT_STEP_NAMES.client}: ${reason(e)}`);
        errors.client = e;
        return null;
      }),
  ]);
  const progress: TSubmitProgress = {
    inHouse,
    client,
    linked: [...start.linked],
    commented: [...start.commented],
  };
  if (inHouse === null || client === null) return { kind: 'failed', progress, problems, errors };

  if (fileName !== null) {
    const pending = [inHouse.id, client.id].filter((id) => !progress.linked.includes(id));
    const results = await Promise.allSettled(pending.map((id) => calls.linkFile(id, fileName)));
    results.forEach((result, index) => {
      const id = pending[index];
      if (result.status === 'fulfilled' && id !== undefined) progress.linked.push(id);
      else if (result.status === 'rejected') problems.push(`${SUBMIT_STEP_NAMES.link}: ${reason(result.reason)}`);
    });
  }
  // One at a time, in moment order: the record lists them as typed; the first refusal stops the rest (kept to retry).
  for (const comment of comments) {
    if (progress.commented.includes(comment.id)) continue;
    try {
      await calls.addComment(inHouse.id, postBody(comment));
      progress.commented.push(comment.id);
    } catch (e) {
      problems.push(`${SUBMIT_STEP_NAMES.comments}: ${reason(e)}`);
      break;
    }
  }
  if (problems.length > 0) return { kind: 'failed', progress, problems: [...new Set(problems)] };
  return { kind: 'done', progress: { ...progress, inHouse, client }, fileLinked: fileName !== null };
}
