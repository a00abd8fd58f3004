// The Add Campaign modal: required fields (spec §5) and the Inbound call target (spec §4), without a server.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { CAMPAIGN_MESSAGES } from '@crm/shared';
import { renderWithApp } from '../../test/render.tsx';
import { AddCampaignModal } from './AddCampaignModal.tsx';

afterEach(() => vi.restoreAllMocks());

describe('AddCampaignModal', () => {
  it('disables and clears the call target for an Inbound campaign', () => {
    renderWithApp(<AddCampaignModal opened onClose={() => undefined} />);
    const target = screen.getByLabelText('Call target') as HTMLInputElement;
    fireEvent.change(screen.getByLabelText(/Campaign type/), { target: { value: 'Outbound' } });
    fireEvent.change(target, { target: { value: '35' } });
    expect(target.value).toBe('35');
    fireEvent.change(screen.getByLabelText(/Campaign type/), { target: { value: 'Inbound' } });
    expect(target.disabled).toBe(true);
    expect(target.value).toBe('');
  });

  it("shows the required-fields message and sends nothing when type, name or code is missing", async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    renderWithApp(<AddCampaignModal opened onClose={() => undefined} />);
    fireEvent.change(screen.getByLabelText(/Campaign name/), { target: { value: 'Spring' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(CAMPAIGN_MESSAGES.requiredFields)).toBeTruthy();
    expect(screen.getByText('Campaign type is required')).toBeTruthy();
    expect(screen.getByText('Campaign code is required')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });
});
