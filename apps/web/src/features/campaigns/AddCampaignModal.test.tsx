// The Add Campaign modal: required fields (docs/product.md §5), the Inbound call target (docs/product.md §4), the shared schema's rules
// under their fields, and a taken name or code (409) under its field as well as in the notification.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { CAMPAIGN_MESSAGES, MAX_CAMPAIGN_TEXT_LENGTH } from '@crm/shared';
import { fieldError } from '../../test/field-error.ts';
import { renderWithApp } from '../../test/render.tsx';
import { AddCampaignModal } from './AddCampaignModal.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  notifications.clean();
});

const input = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

function fill(type: string, name: string, code: string) {
  fireEvent.change(input(/Campaign type/), { target: { value: type } });
  fireEvent.change(input(/Campaign name/), { target: { value: name } });
  fireEvent.change(input(/Campaign code/), { target: { value: code } });
}

/** The server's 409 DUPLICATE of a taken name or code, under its field. */
function refuse(message: string, field: 'campaignName' | 'campaignId') {
  return vi.spyOn(globalThis, 'fetch').mockResolvedValue(
    new Response(JSON.stringify({ message, code: 'DUPLICATE', field }), {
      status: 409,
      headers: { 'content-type': 'application/json' },
    }),
  );
}

describe('AddCampaignModal', () => {
  it('disables and clears the call target for an Inbound campaign', () => {
    renderWithApp(<AddCampaignModal opened onClose={() => undefined} />);
    const target = input(/Call target/);
    fireEvent.change(input(/Campaign type/), { target: { value: 'Outbound' } });
    fireEvent.change(target, { target: { value: '35' } });
    expect(target.value).toBe('35');
    fireEvent.change(input(/Campaign type/), { target: { value: 'Inbound' } });
    expect(target.disabled).toBe(true);
    expect(target.value).toBe('');
  });

  it('shows the required-fields message and sends nothing when type, name or code is missing', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    renderWithApp(<AddCampaignModal opened onClose={() => undefined} />);
    fireEvent.change(input(/Campaign name/), { target: { value: 'Spring' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(CAMPAIGN_MESSAGES.requiredFields)).toBeTruthy();
    expect(fieldError(input(/Campaign type/))).toBe('Campaign type is required');
    expect(fieldError(input(/Campaign code/))).toBe('Campaign code is required');
    expect(fieldError(input(/Campaign name/))).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('refuses a name longer than the shared schema allows, under the name, before sending; typing clears it', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    renderWithApp(<AddCampaignModal opened onClose={() => undefined} />);
    fill('Outbound', 'x'.repeat(MAX_CAMPAIGN_TEXT_LENGTH + 1), 'SPR');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(fieldError(input(/Campaign name/))).toBe(
        `Campaign name must be at most ${MAX_CAMPAIGN_TEXT_LENGTH} characters`,
      ),
    );
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.change(input(/Campaign name/), { target: { value: 'Spring' } });
    expect(fieldError(input(/Campaign name/))).toBeNull();
  });

  it("shows a taken name under the name field and in 'Campaign Addition failed!', and keeps the modal open", async () => {
    const message = 'A campaign named "Spring" already exists';
    const fetch = refuse(message, 'campaignName');
    const onClose = vi.fn();
    renderWithApp(<AddCampaignModal opened onClose={onClose} />);
    fill('Outbound', ' Spring ', 'SPR');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(CAMPAIGN_MESSAGES.addFailed)).toBeTruthy();
    await waitFor(() => expect(fieldError(input(/Campaign name/))).toBe(message));
    expect(screen.getAllByText(message)).toHaveLength(2);
    expect(fieldError(input(/Campaign code/))).toBeNull();
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({
      campaignType: 'Outbound',
      campaignName: 'Spring',
      campaignId: 'SPR',
      callTarget: null,
      status: true,
      callbackGraceMinutes: 120,
    });
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows a taken code under the code field', async () => {
    refuse('A campaign with the code "SPR" already exists', 'campaignId');
    renderWithApp(<AddCampaignModal opened onClose={() => undefined} />);
    fill('Inbound', 'Spring', 'SPR');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(fieldError(input(/Campaign code/))).toBe('A campaign with the code "SPR" already exists'),
    );
    expect(fieldError(input(/Campaign name/))).toBeNull();
  });
});
