// The analysis threads of a server process (thread.ts): up to ANALYSIS_CONCURRENCY of them, each kept for the jobs
// that follow (starting one costs about a third of a second: the decoders and the shared schemas loading), each doing
// one analysis at a time. A thread that crashes fails its job and is replaced by the next one started; a job over its
// time has its thread stopped, so a runaway file costs that thread only.
import { Worker } from 'node:worker_threads';
import type { TAudioAnalysis } from '@crm/shared';
import type { TAnalyseOptions } from '../analysis/analyse-file.ts';

export type TThreadAnswer = { kind: 'done'; analysis: TAudioAnalysis } | { kind: 'unreadable'; reason: string };
export type TThreadRequest = { id: number; filePath: string; options: TAnalyseOptions };
export type TThreadReply = { id: number; answer: TThreadAnswer } | { id: number; error: string };

export class AnalysisTimeoutError extends Error {}

/**
 * From the production bundle (dist/main.js) the thread is dist/analysis-thread.js, built beside it by src/build.ts.
 * From the TypeScript source (tests, `npm run dev`) it is thread.ts, loaded by a small script that registers tsx in
 * the thread first (Node 20 will not start a worker from a .ts file, whatever --import says).
 */
/**
 * A small young generation: the analysis makes many short-lived typed arrays, and V8's default spare room for them
 * (~40 MB) is most of a job's memory; 4 MB costs no measurable time (docs/architecture.md, Automatic checks).
 */
const THREAD_LIMITS = { maxYoungGenerationSizeMb: 4 };

function startThread(): Worker {
  if (!/\.ts$/.test(import.meta.url))
    return new Worker(new URL('./analysis-thread.js', import.meta.url), { resourceLimits: THREAD_LIMITS });
  // thread.ts beside this file (named without its extension: the bundle must hold no TypeScript file name).
  const source = import.meta.url.replace(/\/thread-pool\.(\w+)$/, '/thread.$1');
  return new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); });`,
    { eval: true, resourceLimits: THREAD_LIMITS },
  );
}

export type TThreadPool = {
  analyse: (filePath: string, options: TAnalyseOptions, timeoutMs: number) => Promise<TThreadAnswer>;
  close: () => Promise<void>;
};

export function createThreadPool(): TThreadPool {
  const idle: Worker[] = [];
  const busy = new Set<Worker>();
  let nextId = 0;
  let closed = false;

  return {
    analyse(filePath, options, timeoutMs) {
      if (closed) return Promise.reject(new Error('the analysis threads are stopped'));
      const worker = idle.pop() ?? startThread();
      busy.add(worker);
      const id = (nextId += 1);
      return new Promise<TThreadAnswer>((resolve, reject) => {
        const done = (keep: boolean) => {
          clearTimeout(timer);
          worker.off('message', onMessage);
          worker.off('error', onError);
          worker.off('exit', onExit);
          busy.delete(worker);
          if (keep && !closed) idle.push(worker);
          else void worker.terminate();
        };
        const onMessage = (reply: TThreadReply) => {
          if (reply.id !== id) return;
          done(true);
          if ('answer' in reply) resolve(reply.answer);
          else reject(new Error(reply.error));
        };
        const onError = (e: Error) => {
          done(false);
          reject(e);
        };
        const onExit = (code: number) => {
          done(false);
          reject(new Error(`the analysis thread stopped without an answer (exit code ${code})`));
        };
        const timer = setTimeout(() => {
          done(false);
          reject(
            new AnalysisTimeoutError(`the analysis took longer than ${Math.round(timeoutMs / 1000)} s and was stopped`),
          );
        }, timeoutMs);
        worker.on('message', onMessage);
        worker.once('error', onError);
        worker.once('exit', onExit);
        worker.postMessage({ id, filePath, options } satisfies TThreadRequest);
      });
    },
    async close() {
      closed = true;
      await Promise.all([...idle.splice(0), ...busy].map((w) => w.terminate()));
    },
  };
}
