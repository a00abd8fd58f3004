// The log's format: human-readable lines (pino-pretty) for a person watching a terminal, one JSON object per line for
// everything else (a file, journald, a log shipper). Either way the line is masked first (http/log-privacy.ts: pino's
// streamWrite hook runs before the stream below sees the line).
import pino, { type DestinationStream } from 'pino';
import { prettyFactory } from 'pino-pretty';

export type LogFormat = 'pretty' | 'json';

/** Pretty on a terminal, JSON otherwise (standard output redirected or piped). */
export function logFormatFor(output: { isTTY?: boolean }): LogFormat {
  return output.isTTY === true ? 'pretty' : 'json';
}

/** Lines wait until this many bytes are buffered, or LOG_FLUSH_MS has passed, whichever comes first. */
const LOG_BUFFER_BYTES = 4096;
const LOG_FLUSH_MS = 100;

/**
 * Where the log goes: `out`, by default standard output written asynchronously, a write per 4 KB of lines or per
 * 100 ms (a write per line was ~11 % of the server's time under the lookup benchmark: docs/performance.md), and
 * flushed when the process exits. Pretty lines are made here from the JSON line, in the same process, so they leave in
 * order.
 */
export function logStream(
  format: LogFormat,
  out: DestinationStream = pino.destination({
    dest: 1,
    sync: false,
    minLength: LOG_BUFFER_BYTES,
    periodicFlush: LOG_FLUSH_MS,
  }),
): DestinationStream {
  if (format === 'json') return out;
  // [14:02:07.512] INFO: request {"method":"GET","url":"/api/…","status":200,"ms":3} — local time, one line an entry.
  const pretty = prettyFactory({ translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname', singleLine: true });
  return { write: (line: string) => void out.write(pretty(line)) };
}
