// /viewQcReports and /QcRecordsClient: real server paging and page sizes, search, date and (admin only) inspector
// filters sent to the server, the spec's columns, edit links, and delete behind "Are you sure?" with a reload.
import './jsdom-fonts.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QC_MESSAGES } from '@crm/shared';
import { storeSession } from '../../../app/session.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { makeToken } from '../../../test/tokens.ts';
import { fakeServer, type TFakeRoute, type TSentRequest } from '../../leads/lead-actions-test-fetch.ts';
import QcRecordsClientPage from './QcRecordsClientPage.tsx';
import QcRecordsInhousePage from './QcRecordsInhousePage.tsx';
import { clientRecord, inHouseRecord, paged } from './qc-test-data.ts';

afterEach(() => vi.restoreAllMocks());

const QC_TOKEN = () => makeToken({ sub: '3', userName: 'qc.rahman', name: 'Nadia Rahman', roles: [{ roleName: 'QC', roleDescription: 'QC inspector' }] });
const CLIENT_LIST = '/api/qcReport/getQcRecordsClientViewByQcInspector';
const INHOUSE_LIST = '/api/qcReport/getqcreportbyqcinspector';

/** 37 records on the server: each page answers with its slice. */
function pagedClientList(total = 37): TFakeRoute {
  return (r: TSentRequest) => {
    const page = Number(r.query.page);
    const size = Number(r.query.size);
    const count = Math.max(0, Math.min(size, total - page * size));
    const rows = Array.from({ length: count }, (_, i) => clientRecord({ id: 100 + page * size + i, agentName: `Agent ${page * size + i + 1}` }));
    return { body: paged(rows, page, size, total) };
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
    // Each header's own text (a criterion's header also shows its scale underneath).
    const headers = within(table).getAllByRole('columnheader').map((th) => th.childNodes[0]?.textContent);
    expect(headers).toEqual([
      'Action', 'Call date', 'Name', 'ID', 'Campaign', 'Consumer number', 'Duration', 'Greetings', 'Liveliness', 'Pronunciation',
      'Mumbling', 'Pace', 'Pitch', 'Courtesy', 'Hold process', 'Taking permission', 'Acknowledgement & follow up',
      'Poor objection & negotiation skill', 'CRM', 'Closing', 'Fatal', 'Fatal Reason', 'EAS voice matched with report', 'Total',
      'Agent grade', 'Suggestion', 'QC inspector',
    ]);
    expect(within(table).getAllByText('Client: fine.')).toHaveLength(10);
    expect(screen.getByText('Showing 1 to 10 of 37 entries')).toBeTruthy();
    expect(lastQuery(server.sent, CLIENT_LIST)).toEqual({ page: '0', size: '10' });

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Agent 11')).toBeTruthy();
    expect(lastQuery(server.sent, CLIENT_LIST)).toMatchObject({ page: '1', size: '10' });
    expect(screen.getByTestId('location').textContent).toBe('/QcRecordsClient?page=2');

    fireEvent.change(screen.getByLabelText('Show entries'), { target: { value: '25' } });
    await waitFor(() => expect(lastQuery(server.sent, CLIENT_LIST)).toMatchObject({ page: '0', size: '25' }));
    expect(await screen.findByText('Showing 1 to 25 of 37 entries')).toBeTruthy();
    expect(screen.queryByLabelText('QC inspector')).toBeNull(); // an inspector sees only its own records
  }, 30_000);

  it('sends the search and the call date to the server and starts again at page 1', async () => {
    storeSession(QC_TOKEN());
    const server = fakeServer({ [`GET ${INHOUSE_LIST}`]: (r) => ({ body: paged([inHouseRecord({ agentName: r.query.search ? 'Found Agent' : 'Karim Hossain' })]) }) });
    renderWithApp(<QcRecordsInhousePage />, { route: '/viewQcReports?page=3' });
    expect(await screen.findByRole('columnheader', { name: 'Agent Name' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: ' 01712 ' } });
    expect(await screen.findByText('Found Agent')).toBeTruthy();
    expect(lastQuery(server.sent, INHOUSE_LIST)).toEqual({ page: '0', size: '10', search: '01712' });

    fireEvent.change(screen.getByLabelText('Call date'), { target: { value: '2026-03-02' } });
    await waitFor(() => expect(lastQuery(server.sent, INHOUSE_LIST)).toEqual({ page: '0', size: '10', search: '01712', date: '2026-03-02' }));
  }, 15_000);

  it('lets an admin filter by inspector, everyone by default', async () => {
    storeSession(makeToken());
    const server = fakeServer({
      [`GET ${INHOUSE_LIST}`]: { body: paged([inHouseRecord()]) },
      'GET /api/users': { body: paged([{ id: 3, username: 'qc.rahman', name: 'Nadia Rahman', role: 'QC', active: true, createdAt: '2026-01-01T00:00:00.000Z' }]) },
    });
    renderWithApp(<QcRecordsInhousePage />, { route: '/viewQcReports' });
    await screen.findByText('Karim Hossain');
    expect(lastQuery(server.sent, INHOUSE_LIST)).not.toHaveProperty('username');
    const inspector = screen.getAllByLabelText('QC inspector').find((el) => el.tagName === 'INPUT');
    if (inspector === undefined) throw new Error('no inspector input');
    fireEvent.change(inspector, { target: { value: 'qc.rahman' } });
    await waitFor(() => expect(lastQuery(server.sent, INHOUSE_LIST)).toMatchObject({ username: 'qc.rahman' }));
  });

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
