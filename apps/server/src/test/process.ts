// Starts the real product (src/main.ts, or its build) as a child process: used by the restart test, e2e and bench.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const MAIN = path.resolve(import.meta.dirname, '../main.ts');

export type RunningServer = {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything the process has printed so far. */
  output: () => string;
  /** SIGTERM, then waits for the exit code. */
  stop: () => Promise<number | null>;
  /** SIGKILL (kill -9: no shutdown of any kind), then waits for the process to be gone. */
  kill: () => Promise<void>;
};

/**
 * Starts the product; LOG_LEVEL stays at least info, since readiness is read from the log. `entry`: src/main.ts (run
 * through tsx), or a build of it (test/built-server.ts) run by plain node as `npm start` runs it. `onOutput` sees
 * everything printed from the start on, before the server is ready too. `nodeArgs` go to node before the entry
 * (a benchmark's --cpu-prof).
 */
export async function startServer(
  env: Record<string, string | undefined>,
  timeoutMs = 90_000,
  entry = MAIN,
  onOutput?: (text: string) => void,
  nodeArgs: readonly string[] = [],
): Promise<RunningServer> {
  // No second factor unless a test asks (MFA_REQUIRED=admins): its servers are signed into by scripts.
  const merged: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    MFA_REQUIRED: 'none',
  };
  // A test decides the database itself: an inherited DATABASE_URL (or owner's URL) must not leak in.
  delete merged.DATABASE_URL;
  delete merged.DATABASE_OWNER_URL;
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete merged[k];
    else merged[k] = v;
  }
  const args = [...nodeArgs, ...(entry.endsWith('.ts') ? ['--import', 'tsx', entry] : [entry])];
  const child = spawn(process.execPath, args, { env: merged, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  // Keep the tail only: a benchmark's request log would otherwise grow without bound.
  const append = (c: Buffer) => {
    out = (out + c.toString()).slice(-256 * 1024);
    onOutput?.(c.toString());
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in ${timeoutMs} ms:\n${out}`)), timeoutMs);
    const check = () => {
      const m = /is ready on http:\/\/localhost:(\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        // Once ready, stop scanning the log: under a benchmark's load that scan would cost the load generator.
        child.stdout?.off('data', check);
        child.stderr?.off('data', check);
        resolve(Number(m[1]));
      }
    };
    child.stdout?.on('data', check);
    child.stderr?.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} during start-up:\n${out}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    child,
    output: () => out,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
