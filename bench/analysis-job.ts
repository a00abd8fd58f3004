// One recording analysed in a process of its own, for bench/analysis.ts: prints one JSON line with the recording's
// length, the CPU and clock time of the analysis alone (start-up left out) and the process's peak RSS at the end.
//   node --import tsx bench/analysis-job.ts FILE      analyse FILE
//   node --import tsx bench/analysis-job.ts --load    only load the analysis code (the RSS of that, for the net figure)
import { analyseRecording } from '@crm/server/voicelog/analyse-file';

export type TJobReport = {
  durationSec: number;
  /** CPU time (user + system) of the analysis, in seconds. */
  cpuSec: number;
  wallSec: number;
  /** process.resourceUsage().maxRSS at exit: kilobytes. */
  maxRssKb: number;
};

const file = process.argv[2];
if (!file) throw new Error('usage: analysis-job.ts FILE | --load');
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const durationSec = file === '--load' ? 0 : (await analyseRecording(file)).durationSec;
const cpu = process.cpuUsage(cpu0);
const report: TJobReport = {
  durationSec,
  cpuSec: (cpu.user + cpu.system) / 1e6,
  wallSec: (performance.now() - t0) / 1000,
  maxRssKb: process.resourceUsage().maxRSS,
};
console.log(JSON.stringify(report));
