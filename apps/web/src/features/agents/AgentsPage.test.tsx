// The agent list's delete: after "Are you sure?", a refusal shows the server's reason (an agent with history) and
// keeps the row; a delete that goes through says so and reloads the list.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import type { TAgent, TPaged } from '@crm/shared';
import { storeSession } from '../../app/session.ts';
import { renderWithApp } from '../../test/render.tsx';
import { makeToken } from '../../test/tokens.ts';
import { fakeServer, type TFakeRoute } from '../../test/lead-actions-test-fetch.ts';
import AgentsPage from './AgentsPage.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  notifications.clean();
});

const AGENT: TAgent = {
  id: 3,
  name: 'Rahim Uddin',
  agentId: 'AG-1003',
  type: 'Physical',
  cellNumber: '01711000001',
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
const PAGE: TPaged<TAgent> = {
  recordCount: 1,
  response: { content: [AGENT], totalElements: 1, totalPages: 1, size: 10, number: 0 },
};
const LIST = 'GET /api/ac/pagination/0/10';
const DELETE = `DELETE /api/ac/deleteAgent/${AGENT.id}`;

async function deleteAfterConfirming(routes: Record<string, TFakeRoute>) {
  storeSession(makeToken());
  const server = fakeServer({ [LIST]: { body: PAGE }, ...routes });
  renderWithApp(<AgentsPage />, { route: '/agents' });
  fireEvent.click(await screen.findByRole('button', { name: 'Delete Rahim Uddin' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
  return server;
}

describe('AgentsPage delete', () => {
  it("shows the server's reason when the delete is refused, and keeps the agent listed", async () => {
    const reason = 'AG-1003 has 30 QC records and 212 called leads; set the agent Inactive instead';
    const server = await deleteAfterConfirming({ [DELETE]: { status: 409, body: { message: reason } } });
    expect(await screen.findByText(reason)).toBeTruthy();
    expect(server.count('DELETE', `/api/ac/deleteAgent/${AGENT.id}`)).toBe(1);
    expect(screen.queryByText('Agent "Rahim Uddin" deleted.')).toBeNull();
    expect(screen.getByText('AG-1003')).toBeTruthy();
    expect(server.count('GET', '/api/ac/pagination/0/10')).toBe(1);
  });

  it('says the agent was deleted and reloads the list', async () => {
    const server = await deleteAfterConfirming({ [DELETE]: { status: 204 } });
    expect(await screen.findByText('Agent "Rahim Uddin" deleted.')).toBeTruthy();
    await waitFor(() => expect(server.count('GET', '/api/ac/pagination/0/10')).toBe(2));
  });
});
