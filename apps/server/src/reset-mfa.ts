// npm run reset-mfa -w apps/server -- <username>: on the server, takes the second factor off an admin or QC account
// (the `admin` user's lost phone; docs/trust.md, Second factor). Audited, and every session of the account ends.
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { resetSecondFactorByUsername } from './modules/mfa/reset.ts';

const username = process.argv[2]?.trim();
if (!username) {
  console.error('Usage: npm run reset-mfa -w apps/server -- <username>   (for example: -- admin)');
  process.exit(2);
}

const config = loadConfig();
let database;
try {
  database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
} catch (e) {
  const text = String(e);
  console.error(
    /postmaster\.pid|lock file/.test(text)
      ? `The embedded database in ${config.dataDir} is in use. Stop the server, run npm run reset-mfa again, then start it.`
      : `Could not open the database: ${text}`,
  );
  process.exit(1);
}
try {
  const reset = await resetSecondFactorByUsername(database.db, username);
  if (!reset) {
    console.error(`No admin or QC account named "${username}".`);
    process.exitCode = 1;
  } else {
    console.log(
      `The second factor of "${reset.username}" was reset and its sessions ended. At the next sign-in it sets one up again (MFA_GRACE_SIGNINS skips allowed).`,
    );
  }
} finally {
  await database.close();
}
