// The dialer sync when VICIdial fails (docs/guide/call-loop.md "The dialer kept in step"), against the stand-in over HTTP:
// HTTP 500s and a hang are tried again, with growing waits, until it answers, and nothing is lost; an ERROR reply is
// stored as refused in VICIdial's words (never the API user), shown, and sent again once the VICIdial user may.
import { afterAll, describe, expect, it } from 'vitest';
import { ZDialerSyncSummary, type TDialerSyncSummary } from '@crm/shared';
import { useTestApp, type Caller } from '../../test/harness.ts';
import { nextCell } from '../../test/leads-support.ts';
import { national, sendLeads, statusAt, syncRequests } from '../../test/dialer-sync-support.ts';
import { startFakeVicidial } from '../../test/fake-vicidial.ts';

const fake = await startFakeVicidial();
const t = useTestApp({
  dialer: {
    mode: 'vicidial',
    url: fake.url,
    user: fake.user,
    pass: fake.pass,
    userGroups: ['G1'],
    pollMs: 600_000,
    timeoutMs: 1000,
  },
  // Generous: an answer must never be mistaken for a hang on a busy machine, so the hang below costs this much.
  dialerSend: { timeoutMs: 10_000, retries: 0, backoffMs: 50, concurrency: 4 },
});
afterAll(async () => fake.close());

async function dncSummary(admin: Caller): Promise<TDialerSyncSummary> {
  const r = await admin.get('/api/dialer/sync/dnc');
  expect(r.status, r.text).toBe(200);
  return ZDialerSyncSummary.parse(r.body);
}

const attemptsOf = async (phoneNumber: string) =>
  (await t.db.selectFrom('dialerSyncItems').select('attempts').where('phoneNumber', '=', phoneNumber).execute()).map(
    (r) => r.attempts,
  );

describe('VICIdial not answering', () => {
  it(
    'tries again (HTTP 500, then a hang) until VICIdial answers, then each number and lead is done once: nothing lost',
    { timeout: 90_000 },
    async () => {
      const admin = await t.callerFor('admin');
      const numbers = [nextCell(), nextCell(), nextCell()];
      const sent = await sendLeads(
        t,
        admin,
        numbers.map((cellNumber) => ({ cellNumber })),
        { settings: { vicidialCampaignId: 'SURV3' } },
      );
      const before = syncRequests(fake).updates.length;

      fake.setLeads({ kind: 'status', code: 500 });
      for (const number of numbers.slice(0, 2))
        expect((await admin.post('/api/dnc', { number, campaignName: sent.name })).status).toBe(200);
      await expect
        .poll(
          async () => {
            const s = await dncSummary(admin);
            return { waiting: s.pulls.waiting, reason: s.waitingReason };
          },
          { timeout: 10_000, interval: 50 },
        )
        .toEqual({ waiting: 4, reason: 'The dialer answered HTTP 500.' });
      // Tried again, and again, waiting longer each time.
      await expect
        .poll(async () => Math.max(...(await attemptsOf(numbers[0]!))), { timeout: 10_000, interval: 50 })
        .toBeGreaterThanOrEqual(3);

      fake.setLeads({ kind: 'hang' });
      await expect
        .poll(async () => (await dncSummary(admin)).waitingReason, { timeout: 30_000, interval: 50 })
        .toBe('The dialer did not answer within 10 s.');
      expect(sent.leadIds.map((id) => statusAt(fake, id))).toEqual(['NEW', 'NEW', 'NEW']);

      fake.setLeads({ kind: 'normal' });
      await expect
        .poll(() => sent.leadIds.map((id) => statusAt(fake, id)), { timeout: 30_000, interval: 100 })
        .toEqual(['DNC', 'DNC', 'NEW']);
      await expect
        .poll(() => [...fake.lists.dncList('SURV3')].sort(), { timeout: 10_000, interval: 50 })
        .toEqual(numbers.slice(0, 2).map(national).sort());
      expect((await dncSummary(admin)).pulls).toMatchObject({ waiting: 0, refused: 0 });
      // The two leads' updates got through once each (the failed tries were never applied by the stand-in).
      const applied = syncRequests(fake)
        .updates.slice(before)
        .map((q) => q.vendor_lead_code);
      expect(new Set(applied)).toEqual(new Set(sent.leadIds.slice(0, 2)));
    },
  );
});

describe('VICIdial refusing', () => {
  it(
    "stores an ERROR reply as refused in VICIdial's words, and sends it again once the VICIdial user may",
    { timeout: 30_000 },
    async () => {
      const admin = await t.callerFor('admin');
      const [kept, deleted] = [nextCell(), nextCell()];
      const sent = await sendLeads(t, admin, [{ cellNumber: kept }, { cellNumber: deleted }], {
        settings: { vicidialCampaignId: 'SURV4' },
      });
      const [keptLead, deletedLead] = sent.leadIds as [string, string];
      // The API user lacks "modify lists", and an admin deleted one lead in VICIdial.
      fake.lists.setPermissions({ modifyLists: false });
      fake.lists.removeLead(fake.lists.leadByVendorCode(deletedLead)!.leadId);
      const start = await dncSummary(admin);

      for (const number of [kept, deleted])
        expect((await admin.post('/api/dnc', { number, campaignName: sent.name })).status).toBe(200);
      await expect
        .poll(async () => (await dncSummary(admin)).pulls.refused - start.pulls.refused, {
          timeout: 10_000,
          interval: 50,
        })
        .toBe(3);
      expect(statusAt(fake, keptLead)).toBe('DNC');
      const summary = await dncSummary(admin);
      expect(summary.pulls.done - start.pulls.done).toBe(1);
      expect(summary.refusals).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            action: 'dnc_number',
            phoneNumber: kept,
            leadId: null,
            message: 'ERROR: add_dnc_phone USER DOES NOT HAVE PERMISSION TO ADD DNC NUMBERS - ***|0',
          }),
          expect.objectContaining({ action: 'dnc_number', phoneNumber: deleted }),
          expect.objectContaining({
            action: 'lead_dnc',
            phoneNumber: deleted,
            leadId: Number(deletedLead),
            message: `ERROR: update_lead NO MATCHES FOUND IN THE SYSTEM - ***||${deletedLead}|`,
          }),
        ]),
      );
      // The API user never appears in a stored message.
      expect(summary.refusals.some((r) => r.message.includes(fake.user))).toBe(false);
      const send = ZDialerSyncSummary.parse((await admin.get(`/api/dialer/sync/sends/${sent.sendId}`)).body);
      expect(send.pulls).toEqual({ done: 1, waiting: 0, refused: 1 });

      fake.lists.setPermissions({ modifyLists: true });
      const retried = await admin.post('/api/dialer/sync/retry', {});
      expect(retried.json()).toEqual({ message: '3 refused requests go to VICIdial again.', retried: 3 });
      await expect
        .poll(() => [...fake.lists.dncList('SURV4')].sort(), { timeout: 10_000, interval: 50 })
        .toEqual([national(kept), national(deleted)].sort());
      // The deleted lead is still not in VICIdial: refused again, in the same words.
      await expect
        .poll(async () => (await dncSummary(admin)).pulls.refused - start.pulls.refused, {
          timeout: 10_000,
          interval: 50,
        })
        .toBe(1);
      const audit = await t.db
        .selectFrom('auditLog')
        .select(['objectType', 'objectId', 'changes'])
        .where('objectType', '=', 'dnc')
        .where('objectId', '=', 'dialer')
        .execute();
      expect(audit).toEqual([
        expect.objectContaining({ changes: { note: 'refused VICIdial requests sent again', counts: { retried: 3 } } }),
      ]);

      expect((await admin.post('/api/dialer/sync/retry', { sendId: 999_999 })).status).toBe(404);
      expect((await admin.get('/api/dialer/sync/sends/999999')).status).toBe(404);
    },
  );
});
