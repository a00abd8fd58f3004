// /reports (docs/product.md §2, §7): the dates appear after the campaign; bad or missing dates never start a download;
// a good form follows a link with a media token and the spec's file name; a failed pre-check is shown.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithApp } from '../../test/render.tsx';
import { fakeServer, type TFakeRoute } from '../../test/lead-actions-test-fetch.ts';
import { REPORT_PROBLEMS } from './report-form.ts';
import ReportsPage from './ReportsPage.tsx';
import { REPORT_FAILED, startedText } from './use-report-download.tsx';

afterEach(() => vi.restoreAllMocks());

type TFollowed = { href: string | null; download: string };

function renderPage(routes: Record<string, TFakeRoute> = {}) {
  const server = fakeServer(routes);
  const followed: TFollowed[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    followed.push({ href: this.getAttribute('href'), download: this.download });
  });
  renderWithApp(<ReportsPage />, { route: '/reports' });
  return { server, followed };
}

async function chooseCampaign() {
  await screen.findByRole('option', { name: 'Spring Survey' });
  fireEvent.change(screen.getByLabelText('Campaign'), { target: { value: 'Spring Survey' } });
  await screen.findByLabelText('Data date');
}

const setDate = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const forD = () => within(screen.getByRole('region', { name: 'Report For D' }));
const full = () => within(screen.getByRole('region', { name: 'Full Report' }));

describe('ReportsPage', () => {
  it('shows the date pickers once a campaign is picked', async () => {
    renderPage();
    await screen.findByRole('option', { name: 'Spring Survey' });
    for (const label of ['Data date', 'Start date', 'End date']) expect(screen.queryByLabelText(label)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download Report For D' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Campaign'), { target: { value: 'Spring Survey' } });
    for (const label of ['Data date', 'Start date', 'End date'])
      expect(await screen.findByLabelText(label)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download Report For D' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download Full Report' })).toBeTruthy();
  });

  it('asks for the dates and starts nothing while they are missing or out of order', async () => {
    const { server, followed } = renderPage();
    await chooseCampaign();
    fireEvent.click(screen.getByRole('button', { name: 'Download Report For D' }));
    expect(forD().getByText(REPORT_PROBLEMS.dataDate)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Download Full Report' }));
    expect(full().getByText(REPORT_PROBLEMS.startDate)).toBeTruthy();
    expect(full().getByText(REPORT_PROBLEMS.endDate)).toBeTruthy();

    setDate('Start date', '2025-03-05');
    setDate('End date', '2025-03-01');
    fireEvent.click(screen.getByRole('button', { name: 'Download Full Report' }));
    expect(full().getByText(REPORT_PROBLEMS.order)).toBeTruthy();

    expect(followed).toEqual([]);
    expect(server.count('GET', '/api/auth/media-token')).toBe(0);
  });

  it('saves the D report of a chosen data date from a link with a media token', async () => {
    const { followed } = renderPage();
    await chooseCampaign();
    fireEvent.click(await forD().findByRole('button', { name: '2025-03-02' }));
    expect((screen.getByLabelText('Data date') as HTMLInputElement).value).toBe('2025-03-02');
    expect(await forD().findByText('The report lists 30 generated leads of 2025-03-02.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Download Report For D' }));
    expect(await forD().findByText(startedText('for_d_report.csv'))).toBeTruthy();
    expect(followed).toEqual([
      {
        href: '/api/file/generateCsv?tableName=Spring+Survey&dataDate=2025-03-02&token=media.token',
        download: 'for_d_report.csv',
      },
    ]);
  });

  it('saves the full report of a date range, saying how many data dates it covers', async () => {
    const { followed } = renderPage();
    await chooseCampaign();
    setDate('Start date', '2025-03-01');
    setDate('End date', '2025-03-31');
    expect(await full().findByText('The report covers 2 data dates with leads.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Download Full Report' }));
    await waitFor(() => expect(followed).toHaveLength(1));
    expect(followed[0]).toEqual({
      href: '/api/file/generateFullReportCsv?tableName=Spring+Survey&startDate=2025-03-01&endDate=2025-03-31&token=media.token',
      download: 'full_report.csv',
    });
  });

  it('warns when the chosen date has no leads', async () => {
    renderPage();
    await chooseCampaign();
    setDate('Data date', '2024-12-31');
    expect(
      await forD().findByText('Spring Survey has no leads of 2024-12-31; the file will hold only its header row.'),
    ).toBeTruthy();
  });

  it('shows why the download could not start when the media token is refused, and follows no link', async () => {
    const { followed } = renderPage({
      'GET /api/auth/media-token': {
        status: 500,
        body: { message: 'Something went wrong on the server. Please try again.' },
      },
    });
    await chooseCampaign();
    setDate('Data date', '2025-03-02');
    fireEvent.click(screen.getByRole('button', { name: 'Download Report For D' }));
    const alert = await forD().findByRole('alert', { name: REPORT_FAILED });
    expect(within(alert).getByText('Something went wrong on the server. Please try again.')).toBeTruthy();
    expect(followed).toEqual([]);
  });

  it("shows the server's reason when the campaign is gone by the time of the download", async () => {
    let deleted = false;
    const { followed } = renderPage({
      'GET /dynamic/unique_data_dates/Spring Survey': () =>
        deleted ? { status: 404, body: { message: 'No campaign named "Spring Survey"' } } : { body: ['2025-03-02'] },
    });
    await chooseCampaign();
    setDate('Start date', '2025-03-01');
    setDate('End date', '2025-03-02');
    expect(await full().findByText('The report covers 1 data date with leads.')).toBeTruthy();
    deleted = true;
    fireEvent.click(screen.getByRole('button', { name: 'Download Full Report' }));
    const alert = await full().findByRole('alert', { name: REPORT_FAILED });
    expect(within(alert).getByText('No campaign named "Spring Survey"')).toBeTruthy();
    expect(followed).toEqual([]);
  });
});
