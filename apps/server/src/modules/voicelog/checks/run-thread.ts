// Runs one analysis in a worker thread of its own (thread.ts), so a crash, a runaway file or a hung decoder costs that
// thread only: its failure is this promise's rejection, and a thread over its time is stopped.
import { Worker } from 'node:worker_threads';
import type { TAudioAnalysis } from '@crm/shared';
import type { TAnalyseOptions } from '../analysis/analyse-file.ts';

export type TThreadAnswer = { kind: 'done'; analysis: TAudioAnalysis } | { kind: 'unreadable'; reason: string };

/**
 * From the production bundle (dist/main.js) the thread is dist/analysis-thread.js, built beside it by src/build.ts.
 * From the TypeScript source (tests, `npm run dev`) it is thread.ts, loaded by a small script that registers tsx in
 * the thread first (Node 20 will not start a worker from a .ts file, whatever --import says).
 */
function threadEntry(): { script: string | URL; eval: boolean } {
  if (!/\.ts$/.test(import.meta.url)) return { script: new URL('./analysis-thread.js', import.meta.url), eval: false };
  // thread.ts beside this file (named without its extension: the bundle must hold no TypeScript file name).
  const source = import.meta.url.replace(/\/run-thread\.(\w+)$/, '/thread.$1');
  return { script: `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); });`, eval: true };
}

export class AnalysisTimeoutError extends Error {}

export function analyseInThread(filePath: string, options: TAnalyseOptions, timeoutMs: number): Promise<TThreadAnswer> {
  const entry = threadEntry();
  return new Promise<TThreadAnswer>((resolve, reject) => {
    const worker = new Worker(entry.script, { eval: entry.eval, workerData: { filePath, options } });
    let answer: TThreadAnswer | undefined;
    const timer = setTimeout(() => {
      reject(new AnalysisTimeoutError(`the analysis took longer than ${Math.round(timeoutMs / 1000)} s and was stopped`));
      void worker.terminate();
    }, timeoutMs);
    worker.once('message', (message: TThreadAnswer) => {
      answer = message;
    });
    worker.once('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    worker.once('exit', (code) => {
      clearTimeout(timer);
      if (answer) resolve(answer);
      else reject(new Error(`the analysis stopped without an answer (exit code ${code})`));
    });
  });
}
