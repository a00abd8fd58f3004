// Edit QC Record with a client record of the same call: "Also apply to the client record" beside Update, its preview,
// ticked when the client record agreed; Update sends applyToClient with the client record's version and says what was
// applied; a client record changed meanwhile (409 CLIENT_RECORD_CHANGED) is read again, the edit kept.
import '../../../test/jsdom-fonts.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { QC_MESSAGES, REFUSAL_CODES } from '@crm/shared';
import { storeSession } from '../../../app/session.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { makeToken } from '../../../test/tokens.ts';
import { fakeServer, type TFakeRoute } from '../../../test/lead-actions-test-fetch.ts';
import EditQcPage from './EditQcPage.tsx';
import { clientRecord, inHouseRecord } from '../../../test/qc-test-data.ts';

afterEach(() => vi.restoreAllMocks());

function renderEdit(routes: Record<string, TFakeRoute>) {
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
      <Route path="/editqc/:id" element={<EditQcPage />} />
      <Route path="*" element={null} />
    </Routes>,
    { route: '/editqc/11' },
  );
  return server;
}

const withClient = inHouseRecord({ clientRecord: { id: 21, version: 4 } });
const choose = (criterion: string, choice: string) =>
  fireEvent.click(within(screen.getByRole('radiogroup', { name: criterion })).getByLabelText(choice));
const option = () => screen.getByLabelText<HTMLInputElement>('Also apply to the client record');
const preview = () => screen.getByTestId('apply-to-client-preview').textContent;

// A page of the app rendered in jsdom: slow on a loaded machine, so each test has 20 s.
describe('Also apply to the client record', { timeout: 20_000 }, () => {
  it('previews the change, ticks itself when the client record agreed, sends it and says what was applied', async () => {
    const server = renderEdit({
      'GET /api/qcReport/getqc/11': { body: withClient },
      'GET /api/qcReport/getClientQc/21': {
        body: clientRecord({
          version: 4,
          suggestionMarks: 'Slow down a little.',
          easVoiceMatchedWithReportMarks: 'yes',
        }),
      },
      'PUT /api/qcReport/editqc': {
        body: {
          ...inHouseRecord({}, { pace: 0 }),
          appliedToClient: { criteria: ['pace'], texts: [], record: clientRecord({ version: 5 }, { pace: 0 }) },
        },
      },
    });
    await waitFor(() => expect(preview()).toMatch(/change a mark or a text/));
    expect(option().disabled).toBe(true);
    choose('Pace', 'No (0)');
    expect(preview()).toBe('Client record #21 would change: Pace: Yes (10) → No (0)');
    expect(option().checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(QC_MESSAGES.appliedToClient('Pace'))).toBeTruthy();
    expect(server.writes()[0]?.body).toMatchObject({
      id: 11,
      version: 3,
      pace: 0,
      applyToClient: true,
      clientVersion: 4,
    });
  });

  it('starts unticked when the client record held its own value, and sends nothing for it unless ticked', async () => {
    const server = renderEdit({
      'GET /api/qcReport/getqc/11': { body: withClient },
      'GET /api/qcReport/getClientQc/21': { body: clientRecord({ version: 4 }, { pace: 5 }) },
      'PUT /api/qcReport/editqc': { body: inHouseRecord({}, { pace: 0 }) },
    });
    await waitFor(() => expect(preview()).toMatch(/change a mark or a text/));
    choose('Pace', 'No (0)');
    expect(preview()).toBe('Client record #21 would change: Pace: Need Improvement (5) → No (0)');
    expect(option().checked).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(QC_MESSAGES.updateSuccessful)).toBeTruthy();
    expect(server.writes()[0]?.body).not.toHaveProperty('applyToClient');
  });

  it('a client record changed meanwhile: the refusal is shown, the record read again, the marks kept', async () => {
    let clientVersion = 4;
    const server = renderEdit({
      'GET /api/qcReport/getqc/11': { body: withClient },
      'GET /api/qcReport/getClientQc/21': () => ({ body: clientRecord({ version: clientVersion }) }),
      'PUT /api/qcReport/editqc': () => {
        clientVersion = 5;
        return {
          status: 409,
          body: {
            message: QC_MESSAGES.staleClientRecord('qc.karim', '10:15'),
            code: REFUSAL_CODES.clientRecordChanged,
          },
        };
      },
    });
    await waitFor(() => expect(preview()).toMatch(/change a mark or a text/));
    choose('Pace', 'No (0)');
    expect(option().checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(/changed by qc\.karim at 10:15\. Nothing was saved.*read again below/)).toBeTruthy();
    await waitFor(() => expect(server.count('GET', '/api/qcReport/getClientQc/21')).toBe(2));
    expect(
      within(screen.getByRole('radiogroup', { name: 'Pace' })).getByLabelText<HTMLInputElement>('No (0)').checked,
    ).toBe(true);
    expect(screen.getByRole('button', { name: 'Update' })).toBeTruthy();
  });

  it('is not offered when the call has no client record', async () => {
    renderEdit({ 'GET /api/qcReport/getqc/11': { body: inHouseRecord({ clientRecord: null }) } });
    await screen.findByRole('radiogroup', { name: 'Pace' });
    expect(screen.queryByLabelText('Also apply to the client record')).toBeNull();
  });
});
