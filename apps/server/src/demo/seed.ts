// Demo data: enough to see every built feature at once. Safe to run again: it never duplicates.
import { sql } from 'kysely';
import { machineTimeZone } from '@crm/shared';
import type { Db } from '../db/schema.ts';
import { hashPassword } from '../auth/password.ts';
import { DEMO_CAMPAIGNS, DEMO_USERS } from './base.ts';
import { seedAgentSessions } from './crm.ts';
import { seedAgents } from './agents.ts';
import { seedCampaigns } from './campaigns.ts';
import { seedLeads } from './leads.ts';
import { seedSurvey } from './survey.ts';
import { seedQcDemo, type DemoRecording } from './qc.ts';
import { seedAuditDemo } from './audit.ts';
import { seedQcQueueDemo } from './qc-queue.ts';
import { seedCalibrationDemo, seedScorecardCalibrationDemo } from './calibration.ts';
import { seedDisputesDemo, seedScorecardDisputeDemo } from './disputes.ts';
import { seedScorecardsDemo } from './scorecards.ts';
import { seedDncDemo } from './dnc.ts';
import { seedDialerSendsDemo } from './dialer-sends.ts';
import { seedQuotasDemo } from './quotas.ts';
import { seedConditionsDemo } from './conditions.ts';
import { seedCallAttemptsDemo, seedDispositionsDemo } from './call-attempts.ts';
import { seedCallbacksDemo } from './callbacks.ts';
import { seedQcLoopDemo } from './qc-loop.ts';
import { seedReportsDemo } from './reports.ts';
import { seedReportsQcDemo } from './reports-qc.ts';

export { DEMO_CAMPAIGNS, DEMO_USERS } from './base.ts';

/**
 * recordings: the demo's recordings (demo/recordings.ts), scored and linked by the QC demo data. timeZone: the call
 * centre's (TIME_ZONE), whose today the sign-ins, calls and QC days are placed in.
 */
export async function seedDemo(
  db: Db,
  recordings: readonly DemoRecording[] = [],
  timeZone = machineTimeZone(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const u of DEMO_USERS) {
      const exists = await trx
        .selectFrom('users')
        .select('id')
        .where(sql<string>`lower(username)`, '=', u.username.toLowerCase())
        .executeTakeFirst();
      if (!exists)
        await trx
          .insertInto('users')
          .values({ username: u.username, name: u.name, role: u.role, passwordHash: await hashPassword(u.password) })
          .execute();
    }
    for (const c of DEMO_CAMPAIGNS) {
      const exists = await trx
        .selectFrom('campaigns')
        .select('id')
        .where(sql<string>`lower(campaign_name)`, '=', c.campaignName.toLowerCase())
        .executeTakeFirst();
      if (!exists)
        await trx
          .insertInto('campaigns')
          .values({ ...c })
          .execute();
    }
  });
  // Each area's demo data, in dependency order (agents need users; surveys need campaigns; leads need surveys and agents for their answers).
  await seedCampaigns(db);
  await seedAgents(db);
  await seedSurvey(db);
  // Hold on every path the leads below take, so either order is consistent; kept beside the surveys they belong to.
  await seedConditionsDemo(db);
  await seedLeads(db);
  // Before AG-1001's calls of today: their saves take Spring Survey's own dispositions.
  await seedDispositionsDemo(db);
  await seedAgentSessions(db, timeZone);
  // Every call above is an attempt (the survey's save writes its own; hand-written calls get theirs here).
  await seedCallAttemptsDemo(db);
  // The reports' week before today (six agents, both shifts, a few suspicious completes) and the client account.
  await seedReportsDemo(db, timeZone);
  // On calls above: AG-1001's callback due now, AG-1002's anyone-callback later today.
  await seedCallbacksDemo(db, timeZone);
  await seedQcDemo(db, recordings, timeZone);
  await seedQcQueueDemo(db, timeZone);
  await seedCalibrationDemo(db, timeZone);
  await seedDisputesDemo(db, timeZone);
  // After the QC records: Customer Care is scored on a client form of its own.
  await seedScorecardsDemo(db, timeZone);
  // On its scored calls: a dispute by the form's choices and a calibration session on the form.
  await seedScorecardDisputeDemo(db);
  await seedScorecardCalibrationDemo(db, timeZone);
  await seedDncDemo(db);
  // After the leads: the send takes a day's generated leads.
  await seedDialerSendsDemo(db);
  // After the leads and their answers: each quota starts at the completed calls in it.
  await seedQuotasDemo(db);
  // Last: the trail describes the data above.
  await seedAuditDemo(db);
  // After the trail: comments, acknowledgements, coaching and notifications through the modules' services, whose own
  // audit entries would otherwise stop the trail (it adds nothing to a log that holds an entry).
  await seedQcLoopDemo(db, timeZone);
  // After every other QC seeding: the QC month seeds only into an empty table, and the disputes and the QC loop would
  // take these records (the latest) for their own. In-house QC records of the reports' week, for productivity.
  await seedReportsQcDemo(db, timeZone);
}
