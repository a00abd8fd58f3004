// pg-boss 10.4.2 marks a finished job done or failed without awaiting it: with the database away, those two statements
// must resolve (logged), or the rejection would end the process; every other statement still fails as it should.
import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import pg from 'pg';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { jobQueueSql } from './job-queue.ts';

// Nothing listens on port 1: every connection is refused at once.
const away = new pg.Pool({
  host: '127.0.0.1',
  port: 1,
  user: 'nobody',
  database: 'none',
  connectionTimeoutMillis: 1000,
});
afterAll(async () => {
  await away.end();
});

function recordingLog() {
  const lines: { level: number; msg: string }[] = [];
  const log = pino(
    { level: 'info' },
    { write: (line: string) => void lines.push(JSON.parse(line) as { level: number; msg: string }) },
  );
  return { log, lines };
}

describe('the job queue with its database away', () => {
  it("resolves pg-boss's own 'completed' and 'failed' marks, logging each, and still rejects every other statement", async () => {
    const { log, lines } = recordingLog();
    const boss = new PgBoss({ db: { executeSql: jobQueueSql(away, log, 'q') }, schema: 'pgboss' });
    // The calls Manager.watch makes after a handler ends (complete / fail), here awaited by the test.
    await expect(boss.complete('q', randomUUID())).resolves.toMatchObject({ affected: 0 });
    await expect(boss.fail('q', randomUUID(), new Error('the handler failed'))).resolves.toMatchObject({ affected: 0 });
    expect(lines.map((l) => l.msg)).toEqual([
      expect.stringMatching(
        /^job queue q: a finished job could not be marked completed: the database is not answering \(connect ECONNREFUSED 127\.0\.0\.1:1\); it is worked again once it expires$/,
      ),
      expect.stringMatching(/^job queue q: a finished job could not be marked failed: the database is not answering/),
    ]);
    // Anything else reaches its caller as the failure it is.
    await expect(boss.send('q', {})).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    await expect(boss.cancel('q', randomUUID())).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});
