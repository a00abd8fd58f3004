// Starts the server: configuration, database (migrated on open), first administrator, listen, graceful stop.
import { loadConfig } from './config.ts';
import { buildApp } from './app.ts';
import { ensureAdmin } from './modules/users/service.ts';
import { mfaStartNotice } from './modules/mfa/notice.ts';
import { ensureSummaryZone } from './modules/productivity/summary.ts';
import { ensureResultsZone } from './modules/results/days.ts';

/** A start that cannot go on (bad settings, a damaged secret file, a full disk) says why in one line and exits 1. */
async function startOrExplain<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (e) {
    console.error(`CallDesk CRM cannot start: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  }
}

const config = await startOrExplain(async () => loadConfig());
const app = await startOrExplain(() => buildApp(config));

// CRM_ADMIN_PASSWORD meets the password rules, or the first start stops saying which it breaks.
const admin = await startOrExplain(() => ensureAdmin(app.db, config.adminPassword));
if (admin.created) {
  if (admin.generated) {
    // Printed once, on the first start only: the operator must note it now.
    app.log.warn(
      `First start: created user "${admin.username}" with password "${admin.password}". Sign in and keep it safe; it is not shown again.`,
    );
  } else {
    app.log.info(`First start: created user "${admin.username}" with the password from CRM_ADMIN_PASSWORD.`);
  }
}
// How the administrator enrols a second factor (first start), or that it is off (every start).
const mfaNotice = mfaStartNotice(config.mfa, admin.created);
if (mfaNotice) app.log[mfaNotice.level](mfaNotice.text);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info(`${signal} received: finishing requests in flight, then stopping.`);
  const force = setTimeout(() => {
    app.log.error('Shutdown took longer than 20 s; exiting.');
    process.exit(1);
  }, 20_000);
  force.unref();
  try {
    await app.close();
    process.exitCode = 0;
  } catch (e) {
    app.log.error({ err: e }, 'error while stopping');
    process.exitCode = 1;
  }
}
process.once('SIGTERM', () => void stop('SIGTERM'));
process.once('SIGINT', () => void stop('SIGINT'));

await app.listen({ port: config.port, host: config.host });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
app.log.info(`CallDesk CRM is ready on http://localhost:${port} (database: ${app.dbMode}).`);
// The report summaries' days in this TIME_ZONE, cut again now if they are in another, so that no reader waits for it.
void (async () => {
  await ensureSummaryZone(app.db, config.timeZone);
  await ensureResultsZone(app.db, config.timeZone);
})().catch((e: unknown) => app.log.warn({ err: e }, 'report days not recut at start: the first report read will'));
