// A worker thread that analyses one recording (run-thread.ts starts it): the decoding and voice detection are pure
// CPU work, so they run here and never hold up the server's event loop. Answers one message and ends.
import fs from 'node:fs';
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { analyseRecording, type TAnalyseOptions } from '../analysis/analyse-file.ts';
import { UnreadableAudioError } from '../analysis/decode.ts';
import type { TThreadAnswer } from './run-thread.ts';

const { filePath, options } = workerData as { filePath: string; options: TAnalyseOptions };

/**
 * The analysis yields the CPU to the API: on Linux this thread alone (its own task id, read from /proc/thread-self)
 * runs at a lower priority, so requests answered by the main thread keep their pace while a backlog is analysed.
 * Elsewhere, or when not allowed, it runs at the normal priority.
 */
export const ANALYSIS_NICENESS = 10;
try {
  const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
  if (Number.isInteger(tid) && tid > 0) os.setPriority(tid, ANALYSIS_NICENESS);
} catch {
  // Not Linux, or not permitted: normal priority.
}

let answer: TThreadAnswer;
try {
  answer = { kind: 'done', analysis: await analyseRecording(filePath, options) };
} catch (e) {
  if (!(e instanceof UnreadableAudioError)) throw e;
  answer = { kind: 'unreadable', reason: e.message };
}
parentPort?.postMessage(answer);
