// The server survives a full disk, where the platform lets the test mount a small tmpfs: a lead upload
// bigger than the space left to the leads table answers 507, stores nothing and keeps the process up, and a smaller
// upload works once there is room; a first start with DATA_DIR on a full disk leaves no empty token secret behind,
// and the next start, with space, signs users in.
import fsp from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { ZImportProgress, ZLeadUploadResult } from '@crm/shared';
import { ensureDatabase } from '../db/database.ts';
import { ADMIN_PASSWORD, addCampaign, apiFor, leadNumber, query, signIn } from './crash-support.ts';
import { DISK_FULL, STACK, openCsvUpload, timedCall } from './fault-support.ts';
import {
  fillUp,
  mountTmpfs,
  postgresOsUser,
  resizeTmpfs,
  startOwnPostgres,
  tmpfsProblem,
  unmount,
  type OwnPostgres,
} from './fault-postgres.ts';
import { startServer, type RunningServer } from './process.ts';

const problem = await tmpfsProblem();
if (problem !== undefined) console.log(`full-disk tests skipped: ${problem}`);

const DATA_DATE = '2024-08-01';
/** Room for the leads table and its indexes: some tens of thousands of leads, not the file's 200,000. */
const SMALL = '16m';
const BIG_FILE_LEADS = 200_000;
const SMALL_FILE_LEADS = 20_000;

let postgres: OwnPostgres | undefined;
const mounted: string[] = [];
const servers: RunningServer[] = [];

async function mount(dir: string, size: string): Promise<void> {
  await fsp.mkdir(dir, { recursive: true });
  await mountTmpfs(dir, size);
  mounted.push(dir);
}

beforeAll(async () => {
  if (problem === undefined) postgres = await startOwnPostgres('disk');
});

afterAll(async () => {
  for (const s of servers) await s.kill();
  // PostgreSQL first: its tablespace lives on one of the mounts.
  await postgres?.stop().catch(() => undefined);
  for (const dir of mounted.reverse()) {
    await unmount(dir).catch(async (e: unknown) => {
      console.log(`umount ${dir} failed (${String(e)}); detaching it lazily`);
      await unmount(dir, true).catch(() => undefined);
    });
  }
  await postgres?.remove();
});

function csv(from: number, count: number): string {
  let out = 'cell_number,data_date\n';
  for (let i = from; i < from + count; i++) out += `${leadNumber(i)},${DATA_DATE}\n`;
  return out;
}

describe('a full disk', () => {
  it.skipIf(problem !== undefined)(
    'during a lead upload: 507 "out of disk space", upload failed, nothing stored, process up; with room again a smaller upload works',
    { timeout: 120_000 },
    async () => {
      const own = postgres!;
      // The leads table and its indexes on a 16 MB tmpfs; everything else where it was.
      const tiny = path.join(own.work, 'tiny');
      await mount(tiny, SMALL);
      const location = path.join(tiny, 'ts');
      await fsp.mkdir(location);
      const ids = await postgresOsUser();
      if (ids) await fsp.chown(location, ids.uid, ids.gid);
      await query(own.adminUrl, `create tablespace tiny location '${location}'`);
      const databaseUrl = await ensureDatabase(own.adminUrl, 'crm');
      const server = await startServer({
        DATABASE_URL: databaseUrl,
        DATA_DIR: path.join(own.work, 'server-data'),
        CRM_ADMIN_PASSWORD: ADMIN_PASSWORD,
      });
      servers.push(server);
      await query(databaseUrl, 'alter table leads set tablespace tiny');
      for (const { indexname } of await query<{ indexname: string }>(
        databaseUrl,
        `select indexname from pg_indexes where tablename = 'leads'`,
      )) {
        await query(databaseUrl, `alter index ${pg.escapeIdentifier(indexname)} set tablespace tiny`);
      }
      const api = await signIn(server);
      const campaignName = 'Full disk';
      const campaignId = await addCampaign(api, campaignName, 'FAULT-DISK');
      const count = async () =>
        (
          await query<{ n: number }>(databaseUrl, 'select count(*)::int as n from leads where campaign_id = $1', [
            campaignId,
          ])
        )[0]?.n;

      const big = openCsvUpload(server, api.token, campaignName, 'big.csv', false, 60_000);
      big.write(csv(0, BIG_FILE_LEADS));
      big.end();
      const reply = await big.reply;
      const record = ZImportProgress.parse((await api.call('GET', `/api/file/uploadStatus/${big.importId}`)).body);
      console.log(
        `full disk: upload of ${BIG_FILE_LEADS.toLocaleString('en-US')} leads answered ${reply.status} ${reply.body.slice(0, 200)}; record ${record.status}: ${record.message}`,
      );

      expect(server.child.exitCode, 'the server process is still running').toBeNull();
      expect(reply.status, reply.body).toBe(507);
      expect(JSON.parse(reply.body)).toEqual({ message: DISK_FULL });
      expect(record).toMatchObject({
        status: 'failed',
        phase: 'finished',
        leadsAdded: null,
        finishedAt: expect.any(String),
      });
      expect(await count()).toBe(0);
      expect((await timedCall(server, 'GET', '/healthz', undefined)).status).toBe(200);
      // One log line for the request, and no stack trace for a full disk.
      expect(
        server
          .output()
          .split('\n')
          .filter((l) => STACK.test(l)),
      ).toEqual([]);

      // Room again (the tmpfs grows in place): a smaller file is stored whole.
      await resizeTmpfs(tiny, '256m');
      const small = openCsvUpload(server, api.token, campaignName, 'small.csv', false);
      small.write(csv(0, SMALL_FILE_LEADS));
      small.end();
      const second = await small.reply;
      expect(second.status, second.body).toBe(200);
      expect(ZLeadUploadResult.parse(JSON.parse(second.body))).toMatchObject({
        leadsAdded: SMALL_FILE_LEADS,
        duplicatesSkipped: 0,
      });
      expect(await count()).toBe(SMALL_FILE_LEADS);
      expect(await server.stop(), server.output().slice(-1500)).toBe(0);
    },
  );

  it.skipIf(problem !== undefined)(
    'at the first start, DATA_DIR full: no empty jwt-secret is left; with space the next start works and agents sign in',
    { timeout: 120_000 },
    async () => {
      const own = postgres!;
      const full = path.join(own.work, 'full');
      await mount(full, '1m');
      const dataDir = path.join(full, 'data');
      await fsp.mkdir(dataDir);
      const filler = path.join(full, 'filler');
      const filled = await fillUp(filler);
      const databaseUrl = await ensureDatabase(own.adminUrl, 'crm_secret');
      const env = {
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        CRM_ADMIN_PASSWORD: ADMIN_PASSWORD,
        JWT_SECRET: undefined,
      };
      const secretFile = path.join(dataDir, 'jwt-secret');
      const secretSize = () =>
        fsp.stat(secretFile).then(
          (s) => s.size,
          () => undefined,
        );

      let first: RunningServer | undefined;
      let failure = '';
      try {
        first = await startServer(env, 60_000);
        servers.push(first);
      } catch (e) {
        failure = e instanceof Error ? e.message : String(e);
      }
      const size = await secretSize();
      console.log(
        `full DATA_DIR (${filled} bytes of filler): first start ${
          first
            ? 'succeeded'
            : `failed: ${failure
                .split('\n')
                .filter((l) => /cannot|space|full|error/i.test(l))
                .slice(0, 3)
                .join(' | ')}`
        }; jwt-secret ${size === undefined ? 'absent' : `${size} bytes`}`,
      );

      // Never an empty (or cut-short) secret: tokens signed with it could be forged, and the next start would use it.
      expect(size === undefined || size >= 32, `jwt-secret is ${size} bytes`).toBe(true);
      if (first === undefined) {
        // A start that cannot go on says why, in words: the file and the full disk, not a stack trace.
        expect(failure).toMatch(/jwt-secret/);
        expect(failure).toMatch(/disk is full|no space/i);
        expect(failure.split('\n').filter((l) => STACK.test(l))).toEqual([]);
      } else {
        expect(await first.stop()).toBe(0);
      }

      // Space again: the next start works, and an agent signs in (one sign-in record; a refused sign-in writes none).
      await fsp.rm(filler);
      const server = await startServer(env, 60_000);
      servers.push(server);
      expect((await secretSize()) ?? 0).toBeGreaterThanOrEqual(32);
      const api = await signIn(server);
      const campaign = 'Full data dir';
      await addCampaign(api, campaign, 'FAULT-FULL-DIR');
      const made = await api.call('POST', '/api/ac/addAgent', {
        type: 'Physical',
        name: 'Full disk agent',
        agentId: 'FULL-01',
        password: 'quiet-river-pass-1',
      });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      const sessions = async () =>
        (
          await query<{ n: number }>(
            databaseUrl,
            `select count(*)::int as n from agent_sessions where agent_id = 'FULL-01'`,
          )
        )[0]?.n;
      const signInAgent = (password: string) =>
        timedCall(server, 'POST', '/api/auth/signInAgent', undefined, {
          username: 'FULL-01',
          password,
          shift: 'Morning',
          campaign,
        });

      expect((await signInAgent('wrong-password-1')).status).toBe(401);
      expect(await sessions()).toBe(0);
      const agent = await signInAgent('quiet-river-pass-1');
      expect(agent.status, JSON.stringify(agent.body)).toBe(200);
      expect(await sessions()).toBe(1);
      const me = await apiFor(server, (agent.body as { jwtToken: string }).jwtToken).call('GET', '/api/auth/me');
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ agentId: 'FULL-01', campaign });
      expect(await server.stop(), server.output().slice(-1500)).toBe(0);
    },
  );
});
