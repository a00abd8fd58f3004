// /viewQcReports and /QcRecordsClient: server paging by key (First, Previous, Next, Last, go to a call date) and page sizes, search, date and (admin only) inspector
// filters sent to the server, the columns that fit a 1366 px screen, a row's 14 criteria behind its Scores, the
// column chooser remembered in this browser, edit links, and delete behind "Are you sure?" with a reload.
import '../../../test/jsdom-fonts.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QC_MESSAGES } from '@crm/shared';
import { storeSession } from '../../../app/session.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { makeToken } from '../../../test/tokens.ts';
import { fakeServer, type TFakeRoute, type TSentRequest } from '../../../test/lead-actions-test-fetch.ts';
import QcRecordsClientPage from './QcRecordsClientPage.tsx';
import QcRecordsInhousePage from './QcRecordsInhousePage.tsx';
import { clientRecord, inHouseRecord, paged } from '../../../test/qc-test-data.ts';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

const QC_TOKEN = () =>
  makeToken({
    sub: '3',
    userName: 'qc.rahman',
    name: 'Nadia Rahman',
    roles: [{ roleName: 'QC', roleDescription: 'QC inspector' }],
  });
const CLIENT_LIST = '/api/qcReport/getQcRecordsClientViewByQcInspector';
const INHOUSE_LIST = '/api/qcReport/getqcreportbyqcinspector';

/**
 * `total` records on the server, newest call first (five a day from 2026-03-28 back, ids falling), answered by key as
 * the server does: the first page, after / before a cursor, the last page (lined up with the first), from a date.
 */
function pagedClientList(total = 37): TFakeRoute {
  const records = Array.from({ length: total }, (_, k) =>
    clientRecord({
      id: 1000 - k,
      callDate: `2026-03-${String(28 - Math.floor(k / 5)).padStart(2, '0')}`,
      agentName: `Agent ${k + 1}`,
    }),
  );
  const cursor = (r: (typeof records)[number]) => `${r.callDate},${r.id}`;
  const at = (text: string) => records.findIndex((r) => cursor(r) === text);
  return (r: TSentRequest) => {
    const size = Number(r.query.size);
    let start = 0;
    let end = Math.min(size, total);
    let number = -1;
    if (r.query.after !== undefined)
      [start, end] = [at(r.query.after) + 1, Math.min(at(r.query.after) + 1 + size, total)];
    else if (r.query.before !== undefined) [start, end] = [Math.max(at(r.query.before) - size, 0), at(r.query.before)];
    else if (r.query.last !== undefined)
      [start, end, number] = [total - (((total - 1) % size) + 1), total, Math.ceil(total / size) - 1];
    else if (r.query.from !== undefined) {
      start = records.findIndex((x) => x.callDate <= String(r.query.from));
      end = Math.min(start + size, total);
    } else number = 0;
    const rows = records.slice(start, end);
    const cursors = {
      next: end < total ? cursor(records[end - 1]!) : null,
      previous: start > 0 ? cursor(records[start]!) : null,
    };
    return { body: paged(rows, number, size, total, cursors) };
  };
}

const listCalls = (sent: TSentRequest[], path: string) => sent.filter((r) => r.method === 'GET' && r.path === path);
const lastQuery = (sent: TSentRequest[], path: string) => listCalls(sent, path).at(-1)?.query;

describe('QC record lists', () => {
  it('shows the client columns and pages through the server with the chosen page size', async () => {
    storeSession(QC_TOKEN());
    const server = fakeServer({ [`GET ${CLIENT_LIST}`]: pagedClientList() });
    renderWithApp(<QcRecordsClientPage />, { route: '/QcRecordsClient' });
    expect(await screen.findByRole('heading', { name: 'QC Records Client' })).toBeTruthy();
    expect(await screen.findByText('Agent 1')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Record List' });
    // What fits a 1366 px screen: the 14 criteria are behind each row's Scores, the rest in the column chooser.
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual([
      'Action',
      'Call date',
      'Name',
      'Call',
      'Scores',
      'Total',
      'Agent grade',
      'Suggestion',
      'QC inspector',
    ]);
    expect(within(table).getAllByText('AG-1001')).toHaveLength(10); // the agent's ID under the name
    expect(within(table).getAllByText('Spring Survey · 1:35')).toHaveLength(10); // the call's campaign and duration under its number
    expect(within(table).getAllByText('Client: fine.')).toHaveLength(10);
    expect(screen.getByText('Showing 1 to 10 of 37 entries')).toBeTruthy();
    expect(lastQuery(server.sent, CLIENT_LIST)).toEqual({ size: '10' });
    expect(screen.queryByRole('button', { name: '2' })).toBeNull(); // no page numbers: the list pages by key

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Agent 11')).toBeTruthy();
    expect(lastQuery(server.sent, CLIENT_LIST)).toEqual({ size: '10', after: '2026-03-27,991' });
    expect(screen.getByTestId('location').textContent).toBe('/QcRecordsClient?after=2026-03-27%2C991&row=11');
    expect(screen.getByText('Showing 11 to 20 of 37 entries')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Last page' }));
    expect(await screen.findByText('Agent 37')).toBeTruthy();
    expect(lastQuery(server.sent, CLIENT_LIST)).toEqual({ size: '10', last: 'true' });
    expect(screen.getByText('Showing 31 to 37 of 37 entries')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Agent 21')).toBeTruthy();
    expect(lastQuery(server.sent, CLIENT_LIST)).toEqual({ size: '10', before: '2026-03-22,970' });
    expect(screen.getByText('Showing 21 to 30 of 37 entries')).toBeTruthy();

    // Go to a call date: the page starts at that date's newest record.
    const jump = screen.getByLabelText<HTMLInputElement>('Go to call date');
    fireEvent.change(jump, { target: { value: '2026-03-25' } });
    fireEvent.blur(jump);
    expect(await screen.findByText('Agent 16')).toBeTruthy();
    expect(lastQuery(server.sent, CLIENT_LIST)).toEqual({ size: '10', from: '2026-03-25' });
    expect(screen.getByText('Showing 10 of 37 entries')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'First page' }));
    expect(await screen.findByText('Agent 1')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(screen.getByLabelText('Show entries'), { target: { value: '25' } });
    await waitFor(() => expect(lastQuery(server.sent, CLIENT_LIST)).toEqual({ size: '25' }));
    expect(await screen.findByText('Showing 1 to 25 of 37 entries')).toBeTruthy();
    expect(screen.queryByLabelText('QC inspector')).toBeNull(); // an inspector sees only its own records
  }, 30_000);

  it('sends the search and the call date to the server and starts again at page 1', async () => {
    storeSession(QC_TOKEN());
    const server = fakeServer({
      [`GET ${INHOUSE_LIST}`]: (r) => ({
        body: paged([inHouseRecord({ agentName: r.query.search ? 'Found Agent' : 'Karim Hossain' })]),
      }),
    });
    renderWithApp(<QcRecordsInhousePage />, { route: '/viewQcReports?last=1' });
    expect(await screen.findByRole('columnheader', { name: 'Agent Name' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: ' 01712 ' } });
    expect(await screen.findByText('Found Agent', undefined, { timeout: 5000 })).toBeTruthy();
    expect(lastQuery(server.sent, INHOUSE_LIST)).toEqual({ size: '10', search: '01712' });

    const callDate = screen.getByLabelText<HTMLInputElement>('Call date');
    fireEvent.change(callDate, { target: { value: '2026-03-02' } });
    fireEvent.blur(callDate);
    expect(callDate.value).toBe('2026-03-02');
    await waitFor(() =>
      expect(lastQuery(server.sent, INHOUSE_LIST)).toEqual({ size: '10', search: '01712', date: '2026-03-02' }),
    );
  }, 15_000);

  it('lets an admin filter by inspector, everyone by default', async () => {
    storeSession(makeToken());
    const server = fakeServer({
      [`GET ${INHOUSE_LIST}`]: { body: paged([inHouseRecord()]) },
      'GET /api/users': {
        body: paged([
          {
            id: 3,
            username: 'qc.rahman',
            name: 'Nadia Rahman',
            role: 'QC',
            active: true,
            createdAt: '2026-01-01T00:00:00.000Z',
          },
        ]),
      },
    });
    renderWithApp(<QcRecordsInhousePage />, { route: '/viewQcReports' });
    await screen.findByText('Karim Hossain');
    expect(lastQuery(server.sent, INHOUSE_LIST)).not.toHaveProperty('username');
    const inspector = screen.getAllByLabelText('QC inspector').find((el) => el.tagName === 'INPUT');
    if (inspector === undefined) throw new Error('no inspector input');
    fireEvent.change(inspector, { target: { value: 'qc.rahman' } });
    await waitFor(() => expect(lastQuery(server.sent, INHOUSE_LIST)).toMatchObject({ username: 'qc.rahman' }));
  });

  it("opens a row's 14 criteria under it, each as its choice, with the fatal reason and the voice match", async () => {
    storeSession(QC_TOKEN());
    const lost = inHouseRecord(
      { id: 12, agentName: 'Rupa Begum', fatalReason: 'Rude to the customer', easVoiceMatchedWithReport: 'no' },
      { crm: 0, pace: 5, closing: -5 },
    );
    fakeServer({ [`GET ${INHOUSE_LIST}`]: { body: paged([inHouseRecord(), lost]) } });
    renderWithApp(<QcRecordsInhousePage />, { route: '/viewQcReports' });
    expect(
      await screen.findByRole('button', { name: "All best: the 14 criteria of Karim Hossain's record" }),
    ).toBeTruthy();
    const toggle = screen.getByRole('button', { name: "Pace +2: the 14 criteria of Rupa Begum's record" });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('row', { name: /^Scores of/ })).toBeNull();

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const scores = within(screen.getByRole('row', { name: "Scores of Rupa Begum's call to +8801712345678" }));
    expect(scores.getByText('CRM').nextSibling?.textContent).toBe('No (0)');
    expect(scores.getByText('Pace').nextSibling?.textContent).toBe('Need Improvement (5)');
    expect(scores.getByText('Closing').nextSibling?.textContent).toBe('No (-5)');
    expect(scores.getByText('Poor objection & Negotiation skill').nextSibling?.textContent).toBe('Yes (0)');
    expect(scores.getAllByText(/^(Yes|No|Need Improvement) \(-?\d+\)$/)).toHaveLength(14);
    expect(scores.getByText('Rude to the customer')).toBeTruthy();
    expect(scores.getByText('No')).toBeTruthy();

    fireEvent.click(toggle);
    expect(screen.queryByRole('row', { name: /^Scores of/ })).toBeNull();
  });

  it('shows the chosen columns, the 14 criteria under short headers named in full, and remembers the choice', async () => {
    storeSession(QC_TOKEN());
    fakeServer({ [`GET ${INHOUSE_LIST}`]: { body: paged([inHouseRecord({}, { crm: 10 })]) } });
    const first = renderWithApp(<QcRecordsInhousePage />, { route: '/viewQcReports' });
    await screen.findByText('Karim Hossain');
    fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'The 14 criteria, one column each' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Suggestion' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'EAS voice matched with report' }));
    const table = () => screen.getByRole('table', { name: 'Record List' });
    const names = () =>
      within(table())
        .getAllByRole('columnheader')
        .map((th) => th.getAttribute('aria-label') ?? th.textContent);
    expect(names()).toEqual([
      'Action',
      'Call date',
      'Agent Name',
      'Call',
      'Scores',
      'Total',
      'Agent grade',
      'QC inspector',
      'Greetings: Yes (0), No (-5)',
      'Liveliness: Yes (10), Need Improvement (5), No (0)',
      'Pronunciation: Yes (10), Need Improvement (5), No (0)',
      'Mumbling: Yes (10), Need Improvement (5), No (0)',
      'Pace: Yes (10), Need Improvement (5), No (0)',
      'Pitch: Yes (10), Need Improvement (5), No (0)',
      'Courtesy: Yes (10), Need Improvement (5), No (0)',
      'Hold Process: Yes (0), No (-5)',
      'Taking Permission: Yes (10), Need Improvement (5), No (0)',
      'Acknowledgement and follow-up: Yes (10), Need Improvement (5), No (0)',
      'Poor objection & Negotiation skill: Yes (0), Need Improvement (-10), No (-20)',
      'CRM: Yes (20), Need Improvement (10), No (0)',
      'Closing: Yes (0), No (-5)',
      'Fatal: Yes (-100), No (0)',
      'EAS voice matched with report',
    ]);
    expect(
      within(table()).getByRole('columnheader', { name: 'CRM: Yes (20), Need Improvement (10), No (0)' }).textContent,
    ).toBe('CRM');
    expect(JSON.parse(localStorage.getItem('qc-record-columns') ?? 'null')).toEqual(['scores', 'criteria', 'eas']);

    // Another visit (or the other list) shows the same columns.
    first.unmount();
    renderWithApp(<QcRecordsInhousePage />, { route: '/viewQcReports' });
    await screen.findByText('Karim Hossain');
    expect(names()).toHaveLength(23);
    fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Back to the default columns' }));
    expect(names()).toHaveLength(9);
  }, 20_000);

  it('links each row to its edit screen', async () => {
    storeSession(QC_TOKEN());
    fakeServer({ [`GET ${CLIENT_LIST}`]: { body: paged([clientRecord()]) } });
    renderWithApp(<QcRecordsClientPage />, { route: '/QcRecordsClient' });
    const edit = await screen.findByRole('link', { name: "Edit Karim Hossain's record" });
    expect(edit.getAttribute('href')).toBe('/editClientqc/21');
  });

  it('deletes only after Confirm in the "Are you sure?" dialog, then reloads the list', async () => {
    storeSession(QC_TOKEN());
    let deleted = false;
    const server = fakeServer({
      [`GET ${CLIENT_LIST}`]: () => ({ body: paged(deleted ? [] : [clientRecord()]) }),
      'DELETE /api/qcReport/deleteClientQc/21': () => {
        deleted = true;
        return { body: { message: 'Deleted' } };
      },
    });
    renderWithApp(<QcRecordsClientPage />, { route: '/QcRecordsClient' });
    fireEvent.click(await screen.findByRole('button', { name: "Delete Karim Hossain's record" }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure?')).toBeTruthy();
    expect(within(dialog).getByText(QC_MESSAGES.deleteText('Karim Hossain'))).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.writes()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: "Delete Karim Hossain's record" }));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('No records found')).toBeTruthy();
    expect(server.writes().map((w) => `${w.method} ${w.path}`)).toEqual(['DELETE /api/qcReport/deleteClientQc/21']);
  });

  it("shows a failed delete's reason and keeps the row", async () => {
    storeSession(QC_TOKEN());
    fakeServer({
      [`GET ${CLIENT_LIST}`]: { body: paged([clientRecord()]) },
      'DELETE /api/qcReport/deleteClientQc/21': { status: 403, body: { message: QC_MESSAGES.otherInspector } },
    });
    renderWithApp(<QcRecordsClientPage />, { route: '/QcRecordsClient' });
    fireEvent.click(await screen.findByRole('button', { name: "Delete Karim Hossain's record" }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(QC_MESSAGES.otherInspector)).toBeTruthy();
    expect(screen.getByText('Karim Hossain')).toBeTruthy();
  });

  it('shows why the list could not be loaded, with Retry', async () => {
    storeSession(QC_TOKEN());
    fakeServer({ [`GET ${CLIENT_LIST}`]: { status: 500, body: { message: 'Database is down' } } });
    renderWithApp(<QcRecordsClientPage />, { route: '/QcRecordsClient' });
    expect(await screen.findByText('The records could not be loaded')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
