// A worker thread that analyses recordings, one at a time, for as long as it lives (thread-pool.ts keeps it): the
// decoding and voice detection are pure CPU work, so they run here and never hold up the server's event loop.
// Each request `{id, filePath, options}` gets one answer `{id, answer}` or `{id, error}`.
import fs from 'node:fs';
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { analyseRecording } from '../analysis/analyse-file.ts';
import { UnreadableAudioError } from '../analysis/decode.ts';
import type { TThreadReply, TThreadRequest } from './thread-pool.ts';

/**
 * The analysis yields the CPU to the API: on Linux this thread alone (its own task id, read from /proc/thread-self)
 * runs at a lower priority, so requests answered by the main thread keep their pace while a backlog is analysed.
 * Elsewhere, or when not allowed, it runs at the normal priority.
 */
const ANALYSIS_NICENESS = 10;
try {
  const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
  if (Number.isInteger(tid) && tid > 0) os.setPriority(tid, ANALYSIS_NICENESS);
} catch {
  // Not Linux, or not permitted: normal priority.
}

async function answer(request: TThreadRequest): Promise<TThreadReply> {
  try {
    return {
      id: request.id,
      answer: { kind: 'done', analysis: await analyseRecording(request.filePath, request.options) },
    };
  } catch (e) {
    if (e instanceof UnreadableAudioError) return { id: request.id, answer: { kind: 'unreadable', reason: e.message } };
    return { id: request.id, error: e instanceof Error ? e.message : String(e) };
  }
}

parentPort?.on('message', (request: TThreadRequest) => {
  void answer(request).then((reply) => parentPort?.postMessage(reply));
});
