// The Add Agent modal without a server: required fields (docs/product.md §5) under their fields, and the failure message with the
// server's reason, a taken agent ID (409) also under its field.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { AGENT_MESSAGES } from '@crm/shared';
import { fieldError } from '../../test/field-error.ts';
import { renderWithApp } from '../../test/render.tsx';
import { AddAgentModal } from './AddAgentModal.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  notifications.clean();
});

function fill(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('AddAgentModal', () => {
  it('names every missing required field and sends nothing', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    renderWithApp(<AddAgentModal opened onClose={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    for (const message of [
      'Category is required',
      'Name is required',
      'Agent ID is required',
      'Password is required',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(fieldError(screen.getByLabelText(/^Agent ID/))).toBe('Agent ID is required');
    expect(fieldError(screen.getByLabelText(/^Password/))).toBe('Password is required');
    // A check before sending claims no failed request.
    expect(screen.queryByText(AGENT_MESSAGES.addFailed)).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("refuses an agent ID with a space and a short password by the shared schema's rules, and sends nothing", async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    renderWithApp(<AddAgentModal opened onClose={() => undefined} />);
    fill(/Category/, 'Physical');
    fill(/^Name/, 'Karim');
    fill(/Agent ID/, 'AG 1');
    fill(/^Password/, 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(fieldError(screen.getByLabelText(/^Agent ID/))).toBe('Agent ID must not contain spaces'),
    );
    expect(fieldError(screen.getByLabelText(/^Password/))).toBe('Password must be at least 8 characters');
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows 'Data Addition failed!' with the server's reason, the taken ID under its field, and keeps the form open", async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(
        JSON.stringify({ message: 'An agent with ID "AG-1" already exists', code: 'DUPLICATE', field: 'agentId' }),
        {
          status: 409,
          headers: { 'content-type': 'application/json' },
        },
      ),
    );
    const onClose = vi.fn();
    renderWithApp(<AddAgentModal opened onClose={onClose} />);
    fill(/Category/, 'Physical');
    fill(/^Name/, 'Karim');
    fill(/Agent ID/, 'AG-1');
    fill(/^Password/, 'long-enough-1');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(AGENT_MESSAGES.addFailed)).toBeTruthy();
    await waitFor(() =>
      expect(fieldError(screen.getByLabelText(/^Agent ID/))).toBe('An agent with ID "AG-1" already exists'),
    );
    expect(screen.getAllByText('An agent with ID "AG-1" already exists')).toHaveLength(2);
    expect(fieldError(screen.getByLabelText(/^Name/))).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    // Correcting the ID clears the refusal under it.
    fill(/Agent ID/, 'AG-2');
    expect(fieldError(screen.getByLabelText(/^Agent ID/))).toBeNull();
  });

  it('shows a password the server refuses by a rule under the password, in its words', async () => {
    const message = 'password must not contain the agent ID';
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ message, code: 'PASSWORD_CONTAINS_NAME' }), {
        status: 400,
        headers: { 'content-type': 'application/json' },
      }),
    );
    renderWithApp(<AddAgentModal opened onClose={() => undefined} />);
    fill(/Category/, 'Physical');
    fill(/^Name/, 'Karim');
    fill(/Agent ID/, 'AG-1');
    fill(/^Password/, 'ag-1-secret');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fieldError(screen.getByLabelText(/^Password/))).toBe(message));
    expect(fieldError(screen.getByLabelText(/^Agent ID/))).toBeNull();
  });
});
