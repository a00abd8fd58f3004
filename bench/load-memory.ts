// The server's memory over the load run: VmRSS of its process once a second, summed up as start (after warm-up),
// end, max and the least-squares slope after warm-up ("memory flat": no growth).
import fs from 'node:fs';

export type RssSample = { seconds: number; mb: number };

export type RssSummary = {
  /** RSS at the end of the warm-up (the first sample at or after it). */
  startMb: number;
  endMb: number;
  /** Over the whole run, warm-up included. */
  maxMb: number;
  /** Least-squares slope of the samples after warm-up, MB per minute (NaN with fewer than two). */
  slopeMbPerMin: number;
  samples: number;
};

/** VmRSS of a process, in MB. */
export function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!m) throw new Error(`no VmRSS for process ${pid}`);
  return Number(m[1]) / 1024;
}

/** Samples the process every `everyMs` from now until stopped; `seconds` counts from the start. */
export function sampleRss(pid: number, everyMs = 1000): { samples: RssSample[]; stop: () => RssSample[] } {
  const started = performance.now();
  const samples: RssSample[] = [];
  const take = () => samples.push({ seconds: (performance.now() - started) / 1000, mb: rssMb(pid) });
  take();
  const timer = setInterval(take, everyMs);
  return {
    samples,
    stop: () => {
      clearInterval(timer);
      take();
      return samples;
    },
  };
}

/** Slope of the least-squares line through the points, in y per x. */
export function leastSquaresSlope(points: readonly { x: number; y: number }[]): number {
  if (points.length < 2) return Number.NaN;
  const meanX = points.reduce((s, p) => s + p.x, 0) / points.length;
  const meanY = points.reduce((s, p) => s + p.y, 0) / points.length;
  let num = 0;
  let den = 0;
  for (const p of points) {
    num += (p.x - meanX) * (p.y - meanY);
    den += (p.x - meanX) ** 2;
  }
  return den === 0 ? Number.NaN : num / den;
}

export function summarizeRss(samples: readonly RssSample[], warmupSeconds: number): RssSummary {
  const after = samples.filter((s) => s.seconds >= warmupSeconds);
  const last = samples[samples.length - 1];
  if (last === undefined) throw new Error('no RSS samples');
  return {
    startMb: (after[0] ?? last).mb,
    endMb: last.mb,
    maxMb: Math.max(...samples.map((s) => s.mb)),
    slopeMbPerMin: leastSquaresSlope(after.map((s) => ({ x: s.seconds / 60, y: s.mb }))),
    samples: samples.length,
  };
}
