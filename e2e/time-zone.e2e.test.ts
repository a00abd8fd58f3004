// Times on screen are the call centre's (the server's TIME_ZONE, which the session token carries), not the browser's:
// an administrator whose browser is set to another zone sees the clock, today's QC call date and the audit log's
// times as the call centre's clock shows them.
import { describe, expect, it } from 'vitest';
import { ZAuditEntry, localDateTimeText, localDayText, localTimeText, zPaged } from '@crm/shared';
import { sessionToken, signInAsAdminAndWait } from './actions.ts';
import { useBrowser } from './browser.ts';

const t = useBrowser({ width: 1366, height: 768 });

/** The zone a session token names (the browser reads the claims without verifying; so does this). */
function zoneOf(token: string): string {
  const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
    timeZone?: unknown;
  };
  return typeof claims.timeZone === 'string' ? claims.timeZone : '';
}

/** A zone far from the server's: its wall clock differs by hours, and its day often. */
function farFrom(zone: string): string {
  return zone === 'Pacific/Kiritimati' ? 'Pacific/Pago_Pago' : 'Pacific/Kiritimati';
}

describe('times in the call centre’s zone', () => {
  it('shows the clock, the QC search’s today and the audit log’s times on the server’s clock, whatever the browser’s zone', async () => {
    // The server's zone, as its sign-in token says it.
    await signInAsAdminAndWait(t.page);
    const serverZone = zoneOf(await sessionToken(t.page));
    expect(serverZone).not.toBe('');

    const browserZone = farFrom(serverZone);
    const context = await t.context
      .browser()!
      .newContext({ baseURL: t.baseUrl, timezoneId: browserZone, viewport: { width: 1366, height: 768 } });
    try {
      const page = await context.newPage();
      expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(browserZone);
      await signInAsAdminAndWait(page);

      // The clock: HH:mm:ss of the server's zone (read between two moments, so a tick in between is no failure).
      const before = new Date();
      const clock = await page.getByTestId('clock').innerText();
      const after = new Date();
      const [h, m] = clock.split(':');
      const shown = `${h}:${m}`;
      expect([localTimeText(before, serverZone), localTimeText(after, serverZone)]).toContain(shown);
      expect([localTimeText(before, browserZone), localTimeText(after, browserZone)]).not.toContain(shown);

      // The QC search starts at today on the call centre's calendar.
      await page.goto('/qcChecking');
      await expect.poll(() => page.getByLabel('Call date').inputValue()).toBe(localDayText(new Date(), serverZone));

      // The audit log's newest entry, at its time on the server's clock.
      const token = await sessionToken(page);
      const reply = await context.request.get('/api/audit/pagination/0/1', {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(reply.status()).toBe(200);
      const newest = zPaged(ZAuditEntry).parse(await reply.json()).response.content[0];
      expect(newest).toBeDefined();
      await page.goto('/audit');
      const firstTime = page
        .getByRole('table', { name: 'Audit log entries' })
        .locator('tbody tr')
        .first()
        .locator('td')
        .first();
      await expect
        .poll(async () => (await firstTime.textContent()) ?? '')
        .toBe(localDateTimeText(new Date(newest!.at), serverZone));
    } finally {
      await context.close();
    }
  });
});
