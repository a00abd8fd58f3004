// npm run demo: loads the demo data into the configured database and prints how to sign in.
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { DEMO_AGENT_PASSWORD, DEMO_AGENTS, DEMO_CALIBRATION_INSPECTORS, DEMO_QC_INSPECTORS } from './demo/agents.ts';
import { MORE_DEMO_CAMPAIGNS } from './demo/campaigns.ts';
import { DEMO_CAMPAIGNS, DEMO_USERS, seedDemo } from './demo/seed.ts';
import { ensureAdmin } from './modules/users/service.ts';
import { findNumbersToTry } from './demo/crm.ts';
import { describeDemoRecordings, writeDemoRecordings } from './demo/recordings.ts';
import { findDemoQueueCalls } from './demo/qc-queue.ts';
import { describeDemoQueueCalls, writeDemoQueueCalls } from './demo/queue-calls.ts';
import { describeDemoSecondFactor } from './demo/second-factor.ts';
import { DEMO_CLIENT, SUSPICIOUS_DEMO } from './demo/reports.ts';

const DEMO_ADMIN_PASSWORD = 'demo-chief-pass';

const config = loadConfig();
let database;
try {
  database = await openDatabase({
    databaseUrl: config.databaseUrl,
    ownerUrl: config.databaseOwnerUrl,
    dataDir: config.dataDir,
  });
} catch (e) {
  const text = String(e);
  console.error(
    /postmaster\.pid|lock file/.test(text)
      ? `The embedded database in ${config.dataDir} is in use. Stop the server (Ctrl+C on npm start), run npm run demo, then npm start again.`
      : `Could not open the database: ${text}`,
  );
  process.exit(1);
}
try {
  const admin = await ensureAdmin(database.db, config.adminPassword ?? DEMO_ADMIN_PASSWORD);
  const voice = await writeDemoRecordings(config.recordingsDir);
  await seedDemo(database.db, voice.recordings, config.timeZone);
  // The QC queue's week of calls, indexed by the seed: their audio, for the server's scan to read and analyse.
  const queue = await writeDemoQueueCalls(config.recordingsDir, await findDemoQueueCalls(database.db));
  const numbers = await findNumbersToTry(database.db, DEMO_CAMPAIGNS[0].campaignName);
  const adminLine = admin.created
    ? `  Admin          admin / ${admin.password}`
    : '  Admin          admin / (the password set on first start; unchanged)';
  console.log(
    [
      `Demo data loaded into the ${database.mode} database.`,
      'Start the product with `npm start`, open http://localhost:3000 and sign in:',
      adminLine,
      ...DEMO_USERS.filter((u) => u.role === 'qc').map(
        (u) => `  QC inspector   ${u.username} / ${u.password}  (Login As Admin)`,
      ),
      ...DEMO_QC_INSPECTORS.map((u) => `  QC inspector   ${u.username} / ${u.password}  (Login As Admin)`),
      ...DEMO_CALIBRATION_INSPECTORS.map(
        (u) => `  QC inspector   ${u.username} / ${u.password}  (Login As Admin; took part in the calibration session)`,
      ),
      `  Client         ${DEMO_CLIENT.username} / ${DEMO_CLIENT.password}  (Login As Admin; sees ${DEMO_CLIENT.campaignName} only)`,
      `  Agents         ${DEMO_AGENTS.filter((a) => a.active)
        .map((a) => a.agentId)
        .join(', ')} / ${DEMO_AGENT_PASSWORD}  (Login As Agent, any shift, campaign ${DEMO_CAMPAIGNS[0].campaignName})`,
      `Numbers to call on the CRM screen (${DEMO_CAMPAIGNS[0].campaignName}): ${numbers.fresh.join(', ')}${numbers.partial === undefined ? '' : `; a partial call to resume: ${numbers.partial}`}`,
      describeDemoRecordings(voice, config.recordingsDir),
      describeDemoQueueCalls(queue, config.recordingsDir),
      `Campaigns: ${[...DEMO_CAMPAIGNS, ...MORE_DEMO_CAMPAIGNS].map((c) => `${c.campaignName} (${c.campaignType})`).join(', ')}.`,
      `The call loop: AG-1001 has a callback due now on /CRM (and another agent's anyone-callback later today); ${DEMO_CAMPAIGNS[0].campaignName}'s dispositions are on its campaign page, its leads' calls in the lead browser (docs/guide/call-loop.md).`,
      `Reports: a week of ${DEMO_CLIENT.campaignName} calls before today by six agents on both shifts (/productivity, /results, the dashboard's 7 days); suspicious completes yesterday (${SUSPICIOUS_DEMO.short}: 30 s, ${SUSPICIOUS_DEMO.repeated}: repeated answers, ${SUSPICIOUS_DEMO.hourly}: 13 in an hour) and the day before (${SUSPICIOUS_DEMO.noRecording}: no recording) on /suspicious; QC records of yesterday's first three completes of each agent (AG-1002's and AG-1005's first auto-failed) for productivity's QC figures.`,
      'Live dialer figures without a VICIdial server, and the next lead popped on /CRM 3 s after each save: DIALER=simulated npm start',
      describeDemoSecondFactor(config.mfa),
    ].join('\n'),
  );
} finally {
  await database.close();
}
