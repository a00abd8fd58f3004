// A worker thread that analyses one recording (run-thread.ts starts it): the decoding and voice detection are pure
// CPU work, so they run here and never hold up the server's event loop. Answers one message and ends.
import { parentPort, workerData } from 'node:worker_threads';
import { analyseRecording, type TAnalyseOptions } from '../analysis/analyse-file.ts';
import { UnreadableAudioError } from '../analysis/decode.ts';
import type { TThreadAnswer } from './run-thread.ts';

const { filePath, options } = workerData as { filePath: string; options: TAnalyseOptions };

let answer: TThreadAnswer;
try {
  answer = { kind: 'done', analysis: await analyseRecording(filePath, options) };
} catch (e) {
  if (!(e instanceof UnreadableAudioError)) throw e;
  answer = { kind: 'unreadable', reason: e.message };
}
parentPort?.postMessage(answer);
