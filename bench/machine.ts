// What a run was measured on: the machine, its load and the code (for bench/results and bench/baseline.json).
import { execFileSync } from 'node:child_process';
import os from 'node:os';

/** Cores, memory, CPU model and node version. */
export function describeMachine(): string {
  return `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.cpus()[0]?.model ?? 'unknown CPU'}, node ${process.version}`;
}

/** The load averages over 1, 5 and 15 minutes, as `uptime` prints them. */
export function describeLoad(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
}

/** HEAD's short hash, "+changes" when tracked files differ from it (the shared working tree often does). */
export function describeCommit(): string {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: import.meta.dirname, encoding: 'utf8' }).trim();
  try {
    const head = git('rev-parse', '--short', 'HEAD');
    return git('status', '--porcelain', '--untracked-files=no') === '' ? head : `${head}+changes`;
  } catch {
    return 'unknown (no git)';
  }
}
