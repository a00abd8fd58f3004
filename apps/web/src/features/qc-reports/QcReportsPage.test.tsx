// /QcReports (docs/product.md §2 QC Reports, §4): the type reveals its inputs, Reset returns to the chooser, Export starts only
// from a valid form and follows a link with a media token and the spec's file name, the charts show the server's
// figures, and every failure (token, dates, charts) is shown.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TAgentPerformanceSummary } from '@crm/shared';
import { renderWithApp } from '../../test/render.tsx';
import { fakeServer, type TFakeRoute } from '../../test/lead-actions-test-fetch.ts';
import { REPORT_FAILED, startedText } from '../../components/download-notice.ts';
import { GRADES_FAILED } from './GradeDistributionPanel.tsx';
import { QC_REPORT_PROBLEMS } from './qc-report-form.ts';
import QcReportsPage from './QcReportsPage.tsx';
import { RANGE_FAILED } from './RangeSummaryPanel.tsx';
import { DATES_FAILED, noDatesText } from './ReportDateField.tsx';

afterEach(() => vi.restoreAllMocks());

const SUMMARIES: TAgentPerformanceSummary[] = [
  {
    agentName: 'Rahim Uddin',
    agentId: 'AG-1',
    dailyAverages: { '2025-03-01': 85, '2025-03-02': null },
    sum: 85,
    count: 1,
    average: 85,
  },
  {
    agentName: 'Karim Mia',
    agentId: 'AG-2',
    dailyAverages: { '2025-03-01': 60, '2025-03-02': 75 },
    sum: 135,
    count: 2,
    average: 67.5,
  },
];

const QC_ROUTES: Record<string, TFakeRoute> = {
  // Deliberately not newest first: the screen orders them itself.
  'GET /api/qcReport/unique-dates-download-reports-in-house': { body: ['2025-03-01', '2025-03-02'] },
  'GET /api/qcReport/unique-dates-download-reports-client': { body: ['2025-02-20'] },
  'GET /api/qcReport/grade-distribution': (request) =>
    request.query.date === '2025-03-02'
      ? {
          body: [
            { grade: 'Exceed Expectation', count: 3 },
            { grade: 'Below Expectation', count: 1 },
          ],
        }
      : { body: [] },
  'GET /api/qcReport/date-range-summary': (request) => ({
    body: request.query.startDate === '2025-03-01' ? SUMMARIES : [],
  }),
};

type TFollowed = { href: string | null; download: string };

function renderPage(routes: Record<string, TFakeRoute> = {}) {
  const server = fakeServer({ ...QC_ROUTES, ...routes });
  const followed: TFollowed[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    followed.push({ href: this.getAttribute('href'), download: this.download });
  });
  renderWithApp(<QcReportsPage />, { route: '/QcReports' });
  return { server, followed };
}

const setValue = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const exportButton = () => screen.getByRole('button', { name: 'Export Report' }) as HTMLButtonElement;
const card = () => within(screen.getByRole('region', { name: 'Download QC Reports' }));
const optionTexts = (label: string) =>
  Array.from((screen.getByLabelText(label) as HTMLSelectElement).options).map((o) => o.textContent);

async function chooseDate(date: string) {
  await screen.findByRole('option', { name: date });
  setValue('Select Date', date);
}

describe('QcReportsPage', () => {
  it('reveals the dates of the chosen kind newest first, or a start and an end for Monthly; Reset returns to the chooser', async () => {
    const { server } = renderPage();
    expect(optionTexts('Choose Report Type')).toEqual([
      'Select report type',
      'Daily Qc Records (In-House)',
      'Daily Qc Records (Client)',
      'Daily Qc Summary',
      'Monthly Qc Summary',
    ]);
    expect(screen.queryByLabelText('Select Date')).toBeNull();
    expect(exportButton().disabled).toBe(true);

    setValue('Choose Report Type', 'Daily Qc Summary');
    await screen.findByRole('option', { name: '2025-03-02' });
    expect(optionTexts('Select Date')).toEqual(['Select date', '2025-03-02', '2025-03-01']);

    setValue('Choose Report Type', 'Daily Qc Records (Client)');
    await screen.findByRole('option', { name: '2025-02-20' });
    expect(optionTexts('Select Date')).toEqual(['Select date', '2025-02-20']);
    expect(server.count('GET', '/api/qcReport/unique-dates-download-reports-client')).toBe(1);

    setValue('Choose Report Type', 'Monthly Qc Summary');
    expect(screen.queryByLabelText('Select Date')).toBeNull();
    expect(screen.getByLabelText('Start')).toBeTruthy();
    expect(screen.getByLabelText('End')).toBeTruthy();
    setValue('Start', '2025-03-01');

    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect((screen.getByLabelText('Choose Report Type') as HTMLSelectElement).value).toBe('');
    expect(screen.queryByLabelText('Start')).toBeNull();
    setValue('Choose Report Type', 'Monthly Qc Summary');
    expect((screen.getByLabelText('Start') as HTMLInputElement).value).toBe('');
  });

  it('exports a daily report from a link with a media token and the spec\u2019s name, and shows the day\u2019s grades', async () => {
    const { followed } = renderPage();
    setValue('Choose Report Type', 'Daily Qc Records (In-House)');
    await screen.findByRole('option', { name: '2025-03-02' });
    expect(exportButton().disabled).toBe(true);
    expect(card().getByText('Choose a date to export this report.')).toBeTruthy();
    await chooseDate('2025-03-02');

    const grades = await screen.findByRole('table', { name: 'Records per grade, 2025-03-02' });
    const rows = within(grades)
      .getAllByRole('row')
      .map((r) => Array.from(r.querySelectorAll('th, td'), (c) => c.textContent));
    expect(rows).toEqual([
      ['Grade', 'Records'],
      ['Exceed Expectation', '3'],
      ['Meet Expectation', '0'],
      ['Average Expectation', '0'],
      ['Below Expectation', '1'],
      ['Total', '4'],
    ]);

    fireEvent.click(exportButton());
    expect(await card().findByText(startedText('QC_Records_In-House_2025-03-02.xlsx'))).toBeTruthy();
    expect(followed).toEqual([
      {
        href: '/api/qcReport/export/in-house?date=2025-03-02&token=media.token',
        download: 'QC_Records_In-House_2025-03-02.xlsx',
      },
    ]);
  });

  it('flags a reversed or too long monthly range inline and keeps Export disabled; a valid one exports and charts each agent', async () => {
    const { server, followed } = renderPage();
    setValue('Choose Report Type', 'Monthly Qc Summary');
    setValue('Start', '2025-03-05');
    setValue('End', '2025-03-01');
    expect(card().getByText(QC_REPORT_PROBLEMS.order)).toBeTruthy();
    expect(exportButton().disabled).toBe(true);
    setValue('Start', '2024-02-01');
    expect(card().getByText(QC_REPORT_PROBLEMS.tooLong)).toBeTruthy();
    expect(exportButton().disabled).toBe(true);
    expect(server.count('GET', '/api/qcReport/date-range-summary')).toBe(0);

    setValue('Start', '2025-03-01');
    setValue('End', '2025-03-02');
    expect(card().queryByText(QC_REPORT_PROBLEMS.order)).toBeNull();
    const table = await screen.findByRole('table', { name: 'Per agent, 2025-03-01 to 2025-03-02' });
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => Array.from(r.querySelectorAll('th, td'), (c) => c.textContent));
    expect(rows).toEqual([
      ['Agent', 'Sum', 'Count', 'Average'],
      ['Rahim Uddin', '85.0', '1', '85.0'],
      ['Karim Mia', '135.0', '2', '67.5'],
    ]);

    fireEvent.click(exportButton());
    await waitFor(() => expect(followed).toHaveLength(1));
    expect(followed[0]).toEqual({
      href: '/api/qcReport/export/monthly-summary?startDate=2025-03-01&endDate=2025-03-02&token=media.token',
      download: 'Monthly_Qc_Summary_2025-03-01_to_2025-03-02.xlsx',
    });
  });

  it('says so when the day or the range has no records', async () => {
    renderPage();
    setValue('Choose Report Type', 'Daily Qc Summary');
    await chooseDate('2025-03-01');
    expect(await screen.findByText('No in-house QC records on 2025-03-01.')).toBeTruthy();
    setValue('Choose Report Type', 'Monthly Qc Summary');
    setValue('Start', '2025-04-01');
    setValue('End', '2025-04-30');
    expect(await screen.findByText('No in-house QC records from 2025-04-01 to 2025-04-30.')).toBeTruthy();
  });

  it('shows why the export could not start when the media token is refused, and follows no link', async () => {
    const { followed } = renderPage({
      'GET /api/auth/media-token': {
        status: 500,
        body: { message: 'Something went wrong on the server. Please try again.' },
      },
    });
    setValue('Choose Report Type', 'Daily Qc Records (Client)');
    await chooseDate('2025-02-20');
    fireEvent.click(exportButton());
    const alert = await card().findByRole('alert', { name: REPORT_FAILED });
    expect(within(alert).getByText('Something went wrong on the server. Please try again.')).toBeTruthy();
    expect(followed).toEqual([]);
  });

  it('shows a failed date list with Retry, and an empty one with its message', async () => {
    let fail = true;
    renderPage({
      'GET /api/qcReport/unique-dates-download-reports-in-house': () =>
        fail ? { status: 500, body: { message: 'The database is down' } } : { body: ['2025-03-02'] },
      'GET /api/qcReport/unique-dates-download-reports-client': { body: [] },
    });
    setValue('Choose Report Type', 'Daily Qc Records (In-House)');
    const alert = await card().findByRole('alert', { name: DATES_FAILED });
    expect(within(alert).getByText('The database is down')).toBeTruthy();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByRole('option', { name: '2025-03-02' });
    expect(card().queryByRole('alert')).toBeNull();

    setValue('Choose Report Type', 'Daily Qc Records (Client)');
    expect(await card().findByText(noDatesText('client'))).toBeTruthy();
    expect((screen.getByLabelText('Select Date') as HTMLSelectElement).disabled).toBe(true);
    expect(exportButton().disabled).toBe(true);
  });

  it('shows a chart\u2019s failure with the server\u2019s reason', async () => {
    renderPage({
      'GET /api/qcReport/grade-distribution': { status: 500, body: { message: 'Grades failed' } },
      'GET /api/qcReport/date-range-summary': { status: 400, body: { message: 'The range can be at most 366 days' } },
    });
    setValue('Choose Report Type', 'Daily Qc Summary');
    await chooseDate('2025-03-02');
    expect(within(await screen.findByRole('alert', { name: GRADES_FAILED })).getByText('Grades failed')).toBeTruthy();
    setValue('Choose Report Type', 'Monthly Qc Summary');
    setValue('Start', '2025-03-01');
    setValue('End', '2025-03-02');
    expect(
      within(await screen.findByRole('alert', { name: RANGE_FAILED })).getByText('The range can be at most 366 days'),
    ).toBeTruthy();
  });
});
