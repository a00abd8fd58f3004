import { describe, expect, it } from 'vitest';
import type { TAgent } from '@crm/shared';
import { agentFormValues, EMPTY_AGENT_FORM, toCreateRequest, toUpdateRequest, validateAgentForm } from './agent-form.ts';

const agent: TAgent = {
  id: 7, name: 'Karim Hossain', agentId: 'AG-1001', type: 'Physical', cellNumber: '01711234501', joiningDate: '2023-03-01',
  bankAcNumber: null, nagadAcNumber: null, bkashAcNumber: '01711234501', email: null, fatherName: null, motherName: null, dob: null,
  sex: 'Male', bloodGroup: null, presentAddress: null, permanentAddress: null, homeDistrict: 'Cumilla', emergencyContactNumber: null,
  emergencyContactPerson: null, religion: null, maritalStatus: null, highestEducation: null, institute: null, previousCompany: null,
  photo: null, status: false, createAt: '2024-01-01T00:00:00.000Z',
};

describe('the agent form', () => {
  it('requires category, name, agent ID and, to add, a password of at least 8 characters', () => {
    expect(validateAgentForm(EMPTY_AGENT_FORM, 'add')).toEqual({
      type: 'Category is required', name: 'Name is required', agentId: 'Agent ID is required', password: 'Password is required',
    });
    const filled = { ...EMPTY_AGENT_FORM, type: 'Virtual' as const, name: 'Sadia', agentId: 'AG 2', password: 'short' };
    expect(validateAgentForm(filled, 'add')).toEqual({ agentId: 'Agent ID must not contain spaces', password: 'Password must be at least 8 characters' });
  });

  it('keeps the password on edit when it is left blank', () => {
    const values = agentFormValues(agent);
    expect(values.password).toBe('');
    expect(validateAgentForm(values, 'edit')).toEqual({});
    expect(toUpdateRequest(agent.id, values)).not.toHaveProperty('password');
    expect(toUpdateRequest(agent.id, { ...values, password: 'new-password' }).password).toBe('new-password');
  });

  it('round-trips an agent, sends blanks as null and the status as a boolean', () => {
    const request = toUpdateRequest(agent.id, agentFormValues(agent));
    expect(request).toMatchObject({ id: 7, type: 'Physical', agentId: 'AG-1001', status: false, email: null, homeDistrict: 'Cumilla', joiningDate: '2023-03-01' });
    const created = toCreateRequest({ ...EMPTY_AGENT_FORM, type: 'Virtual', name: ' Sadia ', agentId: ' AG-2 ', password: 'long-enough', cellNumber: ' 0181 ' });
    expect(created).toMatchObject({ type: 'Virtual', name: 'Sadia', agentId: 'AG-2', cellNumber: '0181', bankAcNumber: null });
  });
});
