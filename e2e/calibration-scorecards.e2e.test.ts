// Calibration on a scorecard an admin built, in Chromium at 1366×768: a session's call of a campaign on a 3-section
// weighted scorecard (set up through the API); an inspector scores it in the shared scorecard form (live total, Submit
// in view), sees the other inspector's differing answers once submitted, and the admin sees the call's criteria, with
// N/A, in the results.
import { describe, expect, it } from 'vitest';
import type { APIRequestContext } from 'playwright-core';
import { MAX_PAGE_SIZE, type TCalibrationSessionSummary, type TScorecard, type TUser } from '@crm/shared';
import { threeSectionCard } from '@crm/shared/test/three-section-scorecard';
import { adminHeaders, okJson, signInAsAdmin, signInAsAdminAndWait } from './actions.ts';
import { useBrowser } from './browser.ts';
import { AKTER, KARIM } from './calibration-support.ts';
import { VIEWPORT, boxOf, inViewport } from './geometry.ts';

const t = useBrowser(VIEWPORT);
const STAMP = Date.now();
const CAMPAIGN = `Cal card ${STAMP}`;
const CARD = `Calibration card ${STAMP}`;
const NAME = `E2E calibration scorecard ${STAMP}`;

/** The campaign on a published 3-section card, a session of one call of it for Karim and Akter; Akter has scored. */
async function setUp(request: APIRequestContext): Promise<{ sessionId: number; cardId: number }> {
  const headers = await adminHeaders(request);
  await okJson(
    request.post('/cc/addCampaign', {
      headers,
      data: { campaignType: 'Outbound', campaignName: CAMPAIGN, campaignId: `CAL-${STAMP}`, callTarget: 40 },
    }),
  );
  const draft = await okJson<TScorecard>(
    request.post('/api/scorecards', {
      headers,
      data: threeSectionCard(CARD),
    }),
  );
  await okJson(request.post(`/api/scorecards/${draft.id}/publish`, { headers }));
  const put = await request.put('/api/campaign-scorecards', {
    headers,
    data: { campaignName: CAMPAIGN, inHouse: draft.id, client: 1 },
  });
  expect(put.status(), await put.text()).toBe(200);
  const users = await okJson<{ response: { content: TUser[] } }>(
    request.get(`/api/users?page=0&size=${MAX_PAGE_SIZE}`, { headers }),
  );
  const idOf = (username: string) => users.response.content.find((u) => u.username === username)?.id;
  const session = await okJson<TCalibrationSessionSummary>(
    request.post('/api/calibration', {
      headers,
      data: {
        name: NAME,
        deadline: '2099-12-31',
        inspectorIds: [idOf(KARIM.username), idOf(AKTER.username)],
        calls: [{ campaignName: CAMPAIGN, consumerNumber: '01712000301', callDate: '2021-09-08' }],
      },
    }),
  );
  // Akter's scoring, through the API: Greeting N/A, the rest at best.
  const signIn = await request.post('/api/auth/signInSuperAdmin', {
    data: { username: AKTER.username, password: AKTER.password },
  });
  const { jwtToken } = (await signIn.json()) as { jwtToken: string };
  const detail = await okJson<{ calls: { id: number }[] }>(request.get(`/api/calibration/${session.id}`, { headers }));
  const scored = await request.put(`/api/calibration/${session.id}/calls/${detail.calls[0]?.id}/scoring`, {
    headers: { Authorization: `Bearer ${jwtToken}` },
    data: {
      scorecard: {
        id: draft.id,
        marks: [
          { key: 'greet', choice: null },
          { key: 'listen', choice: 'Good' },
          { key: 'solve', choice: 'Yes' },
          { key: 'compliance', choice: 'Yes' },
          { key: 'wrapup', choice: 'Yes' },
        ],
      },
    },
  });
  expect(scored.status(), await scored.text()).toBe(200);
  return { sessionId: session.id, cardId: draft.id };
}

describe('calibration on a built scorecard', () => {
  it("is scored on the call's own scorecard and read in the results by its criteria", async () => {
    const { page, context } = t;
    const { sessionId } = await setUp(context.request);

    // Karim scores the call: Resolution No. Weighted: 30 + 10/20 × 40 + 30 = 80.
    const karim = await context.newPage();
    await signInAsAdmin(karim, KARIM.username, KARIM.password);
    await karim.waitForURL((u) => !u.pathname.startsWith('/login'));
    await karim.goto(`/calibration/${sessionId}`);
    await karim.getByRole('heading', { name: NAME }).waitFor();
    await karim.getByText(`Scorecard: ${CARD} (version 1)`).waitFor();
    await karim.locator('[data-criterion="solve"]').getByRole('radio', { name: 'No (0)' }).click();
    await karim.getByLabel('Total', { exact: true }).filter({ hasText: '80' }).waitFor();
    const submit = karim.getByRole('button', { name: 'Submit scoring' });
    expect(inViewport(await boxOf(submit)), 'Submit scoring in view').toBe(true);
    await submit.click();
    await karim.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await karim.getByText('Submitted', { exact: true }).first().waitFor();
    // Now Akter's differing answers show under their criteria.
    await karim.locator('[data-criterion="greet"]').getByText(`Others: ${AKTER.name}: N/A`).waitFor();
    await karim.locator('[data-criterion="solve"]').getByText(`Others: ${AKTER.name}: Yes`).waitFor();

    // The admin's results: the call's own criteria, Karim then Akter, N/A shown as such.
    await signInAsAdminAndWait(page);
    await page.goto(`/calibration/${sessionId}`);
    const marks = page.getByRole('table', { name: 'Marks side by side' });
    await marks.waitFor();
    await page
      .getByTestId('call-scorecard')
      .filter({ hasText: `${CARD} v1` })
      .waitFor();
    expect(await marks.locator('tbody tr[data-criterion]').count()).toBe(6);
    const cells = async (key: string) =>
      (await marks.locator(`tr[data-criterion="${key}"] td`).allInnerTexts()).slice(0, 2);
    expect(await marks.locator('tr[data-criterion="solve"] th').innerText()).toBe('Resolution');
    expect(await cells('solve')).toEqual(['0', '10']);
    expect(await cells('greet')).toEqual(['10', 'N/A']);
    expect(await cells('total')).toEqual(['80', '100']);
    expect(await marks.locator('tr[data-criterion="solve"]').getAttribute('data-spread')).toBe('10');
    expect(inViewport(await boxOf(page.getByRole('button', { name: 'Record expert marks' })))).toBe(true);
  });
});
