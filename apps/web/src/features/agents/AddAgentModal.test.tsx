// The Add Agent modal without a server: required fields (spec §5) and the failure message with the server's reason.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { AGENT_MESSAGES } from '@crm/shared';
import { renderWithApp } from '../../test/render.tsx';
import { AddAgentModal } from './AddAgentModal.tsx';

afterEach(() => vi.restoreAllMocks());

function fill(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('AddAgentModal', () => {
  it('names every missing required field and sends nothing', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    renderWithApp(<AddAgentModal opened onClose={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    for (const message of ['Category is required', 'Name is required', 'Agent ID is required', 'Password is required']) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows 'Data Addition failed!' with the server's reason, and keeps the form open", async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ message: 'An agent with ID "AG-1" already exists' }), { status: 409, headers: { 'content-type': 'application/json' } }),
    );
    const onClose = vi.fn();
    renderWithApp(<AddAgentModal opened onClose={onClose} />);
    fill(/Category/, 'Physical');
    fill(/^Name/, 'Karim');
    fill(/Agent ID/, 'AG-1');
    fill(/^Password/, 'long-enough-1');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(AGENT_MESSAGES.addFailed)).toBeTruthy();
    expect(screen.getByText('An agent with ID "AG-1" already exists')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
