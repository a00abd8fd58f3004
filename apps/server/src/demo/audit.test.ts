import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/harness.ts';
import { seedDemo } from './seed.ts';
import { allowDemoSeedTime } from '../test/demo-timeout.ts';

allowDemoSeedTime();

const t = useTestApp();

describe('the demo trail', () => {
  it('fills the audit log and the answer history from the demo data, once', async () => {
    await seedDemo(t.db);
    const count = async (table: 'auditLog' | 'leadAnswerHistory') =>
      Number(
        (
          await t.db
            .selectFrom(table)
            .select((e) => e.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const first = { audit: await count('auditLog'), history: await count('leadAnswerHistory') };
    const kinds = await t.db.selectFrom('auditLog').select(['objectType', 'action']).distinct().execute();
    expect(kinds.map((k) => `${k.objectType}:${k.action}`).sort()).toEqual(
      [
        'agent:upload',
        'campaign:create',
        // After the trail, the QC loop's own (demo/qc-loop.ts): sessions opened and stepped, comments, sign-offs.
        'coachingSession:create',
        'coachingSession:update',
        'dataTable:create',
        'leads:generate',
        'leads:upload',
        'qcRecord:create',
        'question:create',
        'review:create',
        'review:resolve',
      ].sort(),
    );
    expect(first.history).toBeGreaterThan(0);
    await seedDemo(t.db);
    expect({ audit: await count('auditLog'), history: await count('leadAnswerHistory') }).toEqual(first);
  });
});
