// /editAgent/:id: a check before sending claims no failed update; a taken agent ID (409) shows under its field.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { notifications } from '@mantine/notifications';
import { AGENT_MESSAGES, type TAgent } from '@crm/shared';
import { fieldError } from '../../test/field-error.ts';
import { renderWithApp } from '../../test/render.tsx';
import { CORRECT_MARKED_FIELDS } from './agent-form.ts';
import EditAgentPage from './EditAgentPage.tsx';

// Mantine's autosizing Textarea (the addresses) listens to document.fonts, which jsdom lacks.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() });

afterEach(() => {
  vi.restoreAllMocks();
  notifications.clean();
});

const AGENT: TAgent = {
  id: 3,
  name: 'Rahim Uddin',
  agentId: 'AG-1003',
  type: 'Physical',
  cellNumber: null,
  joiningDate: '2024-01-15',
  bankAcNumber: null,
  nagadAcNumber: null,
  bkashAcNumber: null,
  email: null,
  fatherName: null,
  motherName: null,
  dob: null,
  sex: null,
  bloodGroup: null,
  presentAddress: null,
  permanentAddress: null,
  homeDistrict: null,
  emergencyContactNumber: null,
  emergencyContactPerson: null,
  religion: null,
  maritalStatus: null,
  highestEducation: null,
  institute: null,
  previousCompany: null,
  photo: null,
  vicidialUser: null,
  status: true,
  createAt: '2024-01-15T00:00:00.000Z',
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

async function renderPage(update: () => Response) {
  const fetch = vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(async (_url, init) => (init?.method === 'PUT' ? update() : json(200, AGENT)));
  renderWithApp(
    <Routes>
      <Route path="/editAgent/:id" element={<EditAgentPage />} />
    </Routes>,
    { route: '/editAgent/3' },
  );
  await screen.findByRole('heading', { level: 1, name: 'Edit Agent: Rahim Uddin' });
  return fetch;
}

const agentId = () => screen.getByLabelText(/^Agent ID/) as HTMLInputElement;
const puts = (fetch: Awaited<ReturnType<typeof renderPage>>) =>
  fetch.mock.calls.filter(([, init]) => init?.method === 'PUT');

describe('EditAgentPage', () => {
  it("marks a bad field without saying 'Update failed!', and sends nothing", async () => {
    const fetch = await renderPage(() => json(200, AGENT));
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'rahim@' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(CORRECT_MARKED_FIELDS)).toBeTruthy();
    expect(fieldError(screen.getByLabelText(/^Email/))).toBe('Email must be an email address');
    expect(screen.queryByText(AGENT_MESSAGES.updateFailed)).toBeNull();
    expect(puts(fetch)).toEqual([]);
  });

  it("shows a taken agent ID under its field and in 'Update failed!'", async () => {
    const message = 'An agent with ID "AG-1004" already exists';
    const fetch = await renderPage(() => json(409, { message, code: 'DUPLICATE', field: 'agentId' }));
    fireEvent.change(agentId(), { target: { value: 'AG-1004' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(AGENT_MESSAGES.updateFailed)).toBeTruthy();
    await waitFor(() => expect(fieldError(agentId())).toBe(message));
    expect(JSON.parse(String(puts(fetch)[0]?.[1]?.body))).toMatchObject({
      id: 3,
      agentId: 'AG-1004',
      status: true,
      joiningDate: '2024-01-15',
    });
    expect(screen.getByTestId('location').textContent).toBe('/editAgent/3');
  });
});
