// The dialer settings dialog from the card: the schema's words under each field, the campaign id (required with the
// campaign DNC check), the full quota's status, Enter saves, a refusal stays in the dialog with the draft, a save says so
// and shows on the card.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import type { TDialerSettingsInput, TDialerSettingsReply } from '@crm/shared';
import { renderWithApp } from '../../test/render.tsx';
import { fakeServer, type TFakeRoute } from '../../test/lead-actions-test-fetch.ts';
import { DialerSendCard } from './DialerSendCard.tsx';
import { BLANK_RATE_MESSAGE } from './settings-form.ts';

afterEach(() => {
  vi.restoreAllMocks();
  notifications.clean();
});

const reply = (settings: TDialerSettingsInput | null): TDialerSettingsReply => ({
  campaignName: 'Spring Survey',
  dialer: 'vicidial',
  settings,
  updatedBy: null,
  updatedAt: null,
});

async function openSettings(put: TFakeRoute) {
  const server = fakeServer({
    'GET /api/dialer/settings': { body: reply(null) },
    'GET /api/dialer/sends': { body: { unsent: 4, sends: [] } },
    'PUT /api/dialer/settings': put,
  });
  renderWithApp(<DialerSendCard campaignName="Spring Survey" date="2025-03-02" />);
  fireEvent.click(await screen.findByRole('button', { name: 'Dialer settings' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Dialer settings of Spring Survey' }));
  return { server, dialog, form: () => screen.getByRole('form', { name: 'Dialer settings' }) };
}

const change = (dialog: ReturnType<typeof within>, label: string | RegExp, value: string) =>
  fireEvent.change(dialog.getByLabelText(label), { target: { value } });

describe('DialerSettingsModal', () => {
  it('refuses what the schema refuses, in its words, and sends nothing', async () => {
    const { server, dialog } = await openSettings({ status: 500 });
    change(dialog, /VICIdial list id/, '12');
    change(dialog, 'Leads a second (0: as fast as the dialer answers)', '');
    fireEvent.click(dialog.getByLabelText('Campaign DNC check'));
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('The list id is 3 to 12 digits')).toBeTruthy();
    expect(dialog.getByText(BLANK_RATE_MESSAGE)).toBeTruthy();

    change(dialog, /VICIdial list id/, '1001');
    change(dialog, 'Leads a second (0: as fast as the dialer answers)', '5');
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(
      await dialog.findByText('The campaign DNC check needs the VICIdial campaign id (2 to 8 letters, digits, - or _)'),
    ).toBeTruthy();
    expect(server.writes()).toEqual([]);
  });

  it('saves on Enter with the readable duplicate check, says so, and shows the new settings on the card', async () => {
    const saved: TDialerSettingsInput = {
      campaignName: 'Spring Survey',
      listId: '1001',
      duplicateCheck: 'DUPSYS',
      dncCheck: false,
      campaignDncCheck: true,
      vicidialCampaignId: 'TELE01',
      rate: 0,
      quotaStatus: 'QUOTA',
    };
    const { server, dialog, form } = await openSettings({
      body: { ...reply(saved), updatedBy: 'admin', updatedAt: '2025-03-02T09:00:00.000Z' },
    });
    expect((dialog.getByLabelText("Status of a full quota's leads") as HTMLInputElement).value).toBe('QUOTA');
    expect(
      Array.from((dialog.getByLabelText('Duplicate check') as HTMLSelectElement).options).map((o) => o.textContent),
    ).toEqual(['None', 'Same list', "Campaign's lists", 'Whole system']);
    change(dialog, /VICIdial list id/, '1001');
    change(dialog, 'Duplicate check', 'DUPSYS');
    fireEvent.click(dialog.getByLabelText('VICIdial DNC check'));
    fireEvent.click(dialog.getByLabelText('Campaign DNC check'));
    change(dialog, /VICIdial campaign id/, 'TELE01');
    change(dialog, 'Leads a second (0: as fast as the dialer answers)', '0');
    fireEvent.submit(form()); // what Enter in a field does
    expect(await screen.findByText('Dialer settings of Spring Survey saved.')).toBeTruthy();
    expect(server.writes()).toEqual([{ method: 'PUT', path: '/api/dialer/settings', query: {}, body: saved }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      screen.getByText('List 1001 · as fast as the dialer answers · duplicates: Whole system · DNC: campaign TELE01'),
    ).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Send to dialer' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("sends the VICIdial campaign id without the campaign DNC check, and the full quota's status in capitals", async () => {
    const { server, dialog } = await openSettings((request) => ({ body: reply(request.body as TDialerSettingsInput) }));
    change(dialog, /VICIdial list id/, '1001');
    change(dialog, /VICIdial campaign id/, 'SURV1');
    change(dialog, "Status of a full quota's leads", 'full q');
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('The quota status is 1 to 6 letters or digits')).toBeTruthy();
    change(dialog, "Status of a full quota's leads", 'qfull');
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.writes()).toHaveLength(1));
    expect(server.writes()[0]?.body).toMatchObject({
      campaignDncCheck: false,
      vicidialCampaignId: 'SURV1',
      quotaStatus: 'QFULL',
    });
  });

  it("shows the server's refusal in the dialog and keeps what was typed", async () => {
    const { dialog } = await openSettings({
      status: 400,
      body: { message: 'List 1001 is not a list of VICIdial campaign TELE.' },
    });
    change(dialog, /VICIdial list id/, '1001');
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    const alert = await dialog.findByRole('alert', { name: 'The settings were not saved' });
    expect(within(alert).getByText('List 1001 is not a list of VICIdial campaign TELE.')).toBeTruthy();
    expect((dialog.getByLabelText(/VICIdial list id/) as HTMLInputElement).value).toBe('1001');
    expect(screen.getByRole('dialog', { name: 'Dialer settings of Spring Survey' })).toBeTruthy();
  });
});
