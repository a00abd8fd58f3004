// /editClientqc/:id and /editqc/:id: the QC panel's scorecard (a row of buttons per criterion, limited to its scale;
// 1/2/3 on a focused row), the total and grade in the bar follow the marks live, Update sends the edit body with the
// version loaded and returns to the list it came from; a refused update, a stale edit (409, the inspector's marks
// kept), a missing and a forbidden record are shown; a linked recording plays above; the record's history is listed.
import '../../../test/jsdom-fonts.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { QC_MESSAGES, type TAuditEntry } from '@crm/shared';
import { storeSession } from '../../../app/session.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { makeToken } from '../../../test/tokens.ts';
import { fakeServer, type TFakeRoute } from '../../../test/lead-actions-test-fetch.ts';
import EditClientQcPage from './EditClientQcPage.tsx';
import EditQcPage from './EditQcPage.tsx';
import { clientRecord, inHouseRecord } from '../../../test/qc-test-data.ts';

afterEach(() => vi.restoreAllMocks());

const HISTORY_AT = '2026-03-02T05:00:00.000Z';
const two = (n: number) => String(n).padStart(2, '0');
const formatLocal = (iso: string) => `${two(new Date(iso).getHours())}:${two(new Date(iso).getMinutes())}`;
const localDay = (iso: string) => {
  const d = new Date(iso);
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
};

function historyEntry(id: number, over: Partial<TAuditEntry> = {}): TAuditEntry {
  return {
    id,
    at: HISTORY_AT,
    actorId: 4,
    actorUsername: 'qc.rahman',
    actorRole: 'QC',
    action: 'update',
    objectType: 'qcRecord',
    objectId: '21',
    changes: { before: { crm: 20 }, after: { crm: 10 } },
    ip: null,
    ...over,
  };
}

function renderEdit(route: string, routes: Record<string, TFakeRoute>) {
  storeSession(
    makeToken({
      sub: '3',
      userName: 'qc.rahman',
      name: 'Nadia Rahman',
      roles: [{ roleName: 'QC', roleDescription: 'QC inspector' }],
    }),
  );
  const server = fakeServer(routes);
  renderWithApp(
    <Routes>
      <Route path="/editClientqc/:id" element={<EditClientQcPage />} />
      <Route path="/editqc/:id" element={<EditQcPage />} />
      <Route path="*" element={null} />
    </Routes>,
    { route },
  );
  return server;
}

const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement | HTMLSelectElement).value;
const location = () => screen.getByTestId('location').textContent;
const output = (name: string) => screen.getByLabelText(name).textContent;
const marks = (criterion: string) => within(screen.getByRole('radiogroup', { name: criterion }));
const choose = (criterion: string, choice: string) => fireEvent.click(marks(criterion).getByLabelText(choice));
const chosen = (criterion: string) =>
  marks(criterion)
    .getAllByRole<HTMLInputElement>('radio')
    .find((r) => r.checked)?.value;

describe('EditQcRecord', () => {
  it('limits each criterion to its scale and recomputes the total and grade as marks change', async () => {
    renderEdit('/editClientqc/21', { 'GET /api/qcReport/getClientQc/21': { body: clientRecord() } });
    expect(await screen.findByRole('heading', { name: 'Edit Client QC Record' })).toBeTruthy();
    await waitFor(() => expect(output('Total')).toBe('100'));
    expect(output('Grade')).toBe('Exceed Expectation');
    expect(
      marks('CRM')
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).value),
    ).toEqual(['20', '10', '0']);
    expect(marks('CRM').getByLabelText('Need Improvement (10)')).toBeTruthy();
    expect(marks('Poor objection & Negotiation skill').getByLabelText('No (-20)')).toBeTruthy();

    choose('CRM', 'No (0)');
    expect(output('Total')).toBe('80');
    expect(output('Grade')).toBe('Meet Expectation');
    choose('Fatal', 'Yes (-100)');
    expect(output('Total')).toBe('-20');
    expect(output('Grade')).toBe('Below Expectation');
  });

  it('picks the focused row’s marks with 1/2/3, as on the QC panel, and not while typing', async () => {
    renderEdit('/editqc/11', { 'GET /api/qcReport/getqc/11': { body: inHouseRecord() } });
    await screen.findByRole('radiogroup', { name: 'Pace' });
    fireEvent.keyDown(marks('Pace').getByLabelText('Yes (10)'), { key: '3' });
    expect(chosen('Pace')).toBe('0');
    expect(output('Total')).toBe('90');
    fireEvent.keyDown(marks('Pace').getByLabelText('No (0)'), { key: '2' });
    expect(chosen('Pace')).toBe('5');
    expect(output('Total')).toBe('95');
    fireEvent.keyDown(screen.getByLabelText('Suggestion'), { key: '3' });
    expect(output('Total')).toBe('95');
  });

  it('sends the client marks, says Update Successful! and returns to the client list', async () => {
    const server = renderEdit('/editClientqc/21', {
      'GET /api/qcReport/getClientQc/21': { body: clientRecord() },
      'PUT /api/qcReport/edit-Client-Qc': (r) => ({ body: { ...clientRecord(), ...(r.body as object) } }),
    });
    await screen.findByRole('radiogroup', { name: 'Pace' });
    choose('Pace', 'Need Improvement (5)');
    fireEvent.change(screen.getByLabelText('Suggestion'), { target: { value: 'Keep a steady pace.' } });
    expect(value('EAS voice matched with report ?')).toBe('No');
    fireEvent.change(screen.getByLabelText('EAS voice matched with report ?'), { target: { value: 'Yes' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText(QC_MESSAGES.updateSuccessful)).toBeTruthy();
    await waitFor(() => expect(location()).toBe('/QcRecordsClient'));
    const [put] = server.writes();
    expect(put?.path).toBe('/api/qcReport/edit-Client-Qc');
    expect(put?.body).toMatchObject({
      id: 21,
      version: 3,
      paceMarks: 5,
      crmMarks: 20,
      suggestionMarks: 'Keep a steady pace.',
      easVoiceMatchedWithReportMarks: 'Yes',
    });
    expect(put?.body).not.toHaveProperty('totalMarks');
  });

  it('sends the in-house fields to editqc and returns to /viewQcReports', async () => {
    const server = renderEdit('/editqc/11', {
      'GET /api/qcReport/getqc/11': { body: inHouseRecord() },
      'PUT /api/qcReport/editqc': { body: inHouseRecord({}, { greetings: -5 }) },
    });
    expect(await screen.findByRole('heading', { name: 'Edit QC Record' })).toBeTruthy();
    await screen.findByRole('radiogroup', { name: 'Greetings' });
    choose('Greetings', 'No (-5)');
    expect(output('Total')).toBe('95');
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(location()).toBe('/viewQcReports'));
    expect(server.writes()[0]?.body).toMatchObject({
      id: 11,
      version: 3,
      greetings: -5,
      suggestion: 'Slow down a little.',
    });
  });

  it("shows 'Update failed' with the server's reason and stays on the form", async () => {
    renderEdit('/editClientqc/21', {
      'GET /api/qcReport/getClientQc/21': { body: clientRecord() },
      'PUT /api/qcReport/edit-Client-Qc': {
        status: 400,
        body: { message: 'CRM must be one of Yes (20), Need Improvement (10), No (0)' },
      },
    });
    await screen.findByRole('radiogroup', { name: 'CRM' });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(QC_MESSAGES.updateFailed)).toBeTruthy();
    expect(screen.getByText('CRM must be one of Yes (20), Need Improvement (10), No (0)')).toBeTruthy();
    expect(location()).toBe('/editClientqc/21');
    expect(screen.getByRole('button', { name: 'Update' })).toBeTruthy();
  });

  it('tells a stale edit by its code: a 409 without STALE_VERSION is a failed update', async () => {
    renderEdit('/editClientqc/21', {
      'GET /api/qcReport/getClientQc/21': { body: clientRecord() },
      'PUT /api/qcReport/edit-Client-Qc': { status: 409, body: { message: 'This QC record was changed by someone' } },
    });
    await screen.findByRole('radiogroup', { name: 'CRM' });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(QC_MESSAGES.updateFailed)).toBeTruthy();
    expect(screen.queryByRole('alert', { name: /changed by someone else/ })).toBeNull();
    expect((screen.getByRole('button', { name: 'Update' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('says so when the record does not exist', async () => {
    renderEdit('/editClientqc/999', {});
    expect(await screen.findByText('QC record not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to QC Records Client' }).getAttribute('href')).toBe(
      '/QcRecordsClient',
    );
    expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();
  });

  it("says so when the record is another inspector's", async () => {
    renderEdit('/editqc/12', {
      'GET /api/qcReport/getqc/12': { status: 403, body: { message: QC_MESSAGES.otherInspector } },
    });
    expect(await screen.findByText('You cannot edit this record')).toBeTruthy();
    expect(screen.getByText(QC_MESSAGES.otherInspector)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();
  });

  it('shows who changed the record since it was loaded, keeps every mark and text, and loads their version only when asked', async () => {
    const stale = 'This QC record was changed by qc.sultana at 2026-03-02 11:00. Open it again to see their changes.';
    let loads = 0;
    let histories = 0;
    const server = renderEdit('/editClientqc/21', {
      'GET /api/qcReport/getClientQc/21': () => {
        loads += 1;
        return {
          body: loads === 1 ? clientRecord() : clientRecord({ version: 4, suggestionMarks: 'Their suggestion' }),
        };
      },
      'GET /api/audit/qcRecord/21': () => {
        histories += 1;
        return { body: histories === 1 ? [] : [historyEntry(2, { actorUsername: 'qc.sultana' })] };
      },
      'PUT /api/qcReport/edit-Client-Qc': { status: 409, body: { message: stale, code: 'STALE_VERSION' } },
    });
    await screen.findByRole('radiogroup', { name: 'Pace' });
    choose('Pace', 'Need Improvement (5)');
    fireEvent.change(screen.getByLabelText('Suggestion'), { target: { value: 'My own words' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));

    const alert = await screen.findByRole('alert', { name: /changed by someone else/ });
    expect(alert.textContent).toContain(stale);
    expect(chosen('Pace')).toBe('5');
    expect(value('Suggestion')).toBe('My own words');
    expect(location()).toBe('/editClientqc/21');
    expect((screen.getByRole('button', { name: 'Update' }) as HTMLButtonElement).disabled).toBe(true);
    expect(server.writes()[0]?.body).toMatchObject({ id: 21, version: 3 });
    // The history shows their change at once.
    expect(
      await screen.findByText(`${localDay(HISTORY_AT)} ${formatLocal(HISTORY_AT)} · qc.sultana (QC)`),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /Load their version/ }));
    await waitFor(() => expect(value('Suggestion')).toBe('Their suggestion'));
    expect(chosen('Pace')).toBe('10');
    expect(screen.queryByRole('alert', { name: /changed by someone else/ })).toBeNull();
    expect((screen.getByRole('button', { name: 'Update' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('plays the recording linked to the record above the scorecard, and shows a stored mark off its scale', async () => {
    renderEdit('/editqc/11', {
      'GET /api/qcReport/getqc/11': {
        body: inHouseRecord({ fileName: '20260302-101500_01712345678_AG-1001-all.wav' }, { pace: 7 }),
      },
    });
    expect(
      await screen.findByRole('group', { name: 'Recording 20260302-101500_01712345678_AG-1001-all.wav' }),
    ).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: 'Playback speed' })).toBeTruthy();
    expect(chosen('Pace')).toBe('7');
    expect((marks('Pace').getByLabelText('7 (off the scale)') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText(/marks no scale allows for Pace/)).toBeTruthy();
    expect(output('Total')).toBe('97');
  });

  it("lists the record's history: what happened, when, by whom, and each field as before → after", async () => {
    renderEdit('/editqc/11', {
      'GET /api/qcReport/getqc/11': { body: inHouseRecord() },
      'GET /api/audit/qcRecord/11': {
        body: [
          historyEntry(1, { action: 'create', objectId: '11', changes: { after: { total: 100, crm: 20 } } }),
          historyEntry(2, { objectId: '11' }),
          historyEntry(3, {
            action: 'resolve',
            objectType: 'review',
            objectId: '11',
            actorUsername: 'boss',
            actorRole: 'ADMIN',
            changes: { after: { isResolved: true } },
          }),
        ],
      },
    });
    const history = await screen.findByRole('region', { name: 'History' });
    expect(await within(history).findByText('Scored')).toBeTruthy();
    expect(within(history).getByText('Edited')).toBeTruthy();
    expect(within(history).getByText('Review resolved')).toBeTruthy();
    expect(within(history).getByText('20 → 10')).toBeTruthy();
    expect(within(history).getByText(`${localDay(HISTORY_AT)} ${formatLocal(HISTORY_AT)} · boss (ADMIN)`)).toBeTruthy();
  });

  it('says so when the history cannot be loaded, and still lets the inspector edit', async () => {
    renderEdit('/editqc/11', {
      'GET /api/qcReport/getqc/11': { body: inHouseRecord() },
      'GET /api/audit/qcRecord/11': { status: 503, body: { message: 'The server is busy. Try again in a moment.' } },
    });
    expect(await screen.findByText('The history could not be loaded')).toBeTruthy();
    expect(screen.getByText('The server is busy. Try again in a moment.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Update' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
