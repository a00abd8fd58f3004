import { describe, expect, it } from 'vitest';
import type { TAgent } from '@crm/shared';
import { ApiError } from '../../app/api.ts';
import { refusedField } from '../../app/form-schema.ts';
import {
  AGENT_REFUSALS,
  agentFormValues,
  EMPTY_AGENT_FORM,
  toCreateRequest,
  toUpdateRequest,
  validateAgentEdit,
  validateAgentForm,
} from './agent-form.ts';

const agent: TAgent = {
  id: 7,
  name: 'Karim Hossain',
  agentId: 'AG-1001',
  type: 'Physical',
  cellNumber: '01711234501',
  joiningDate: '2023-03-01',
  bankAcNumber: null,
  nagadAcNumber: null,
  bkashAcNumber: '01711234501',
  email: null,
  fatherName: null,
  motherName: null,
  dob: null,
  sex: 'Male',
  bloodGroup: null,
  presentAddress: null,
  permanentAddress: null,
  homeDistrict: 'Cumilla',
  emergencyContactNumber: null,
  emergencyContactPerson: null,
  religion: null,
  maritalStatus: null,
  highestEducation: null,
  institute: null,
  previousCompany: null,
  photo: null,
  vicidialUser: null,
  status: false,
  createAt: '2024-01-01T00:00:00.000Z',
};

describe('the agent form', () => {
  it('requires category, name, agent ID and, to add, a password of at least 8 characters (ZCreateAgentRequest)', () => {
    expect(validateAgentForm(EMPTY_AGENT_FORM)).toEqual({
      type: 'Category is required',
      name: 'Name is required',
      agentId: 'Agent ID is required',
      password: 'Password is required',
    });
    const filled = { ...EMPTY_AGENT_FORM, type: 'Virtual' as const, name: 'Sadia', agentId: 'AG 2', password: 'short' };
    expect(validateAgentForm(filled)).toEqual({
      agentId: 'Agent ID must not contain spaces',
      password: 'Password must be at least 8 characters',
    });
  });

  it("takes the profile fields' rules from the shared schema too", () => {
    const filled = {
      ...EMPTY_AGENT_FORM,
      type: 'Virtual' as const,
      name: 'Sadia',
      agentId: 'AG-2',
      password: 'long-enough',
      email: 'sadia@',
      homeDistrict: 'x'.repeat(61),
    };
    expect(validateAgentForm(filled)).toEqual({
      email: 'Email must be an email address',
      homeDistrict: 'Home district must be at most 60 characters',
    });
  });

  it('keeps the password on edit when it is left blank (ZUpdateAgentRequest)', () => {
    const values = agentFormValues(agent);
    expect(values.password).toBe('');
    expect(validateAgentEdit(agent.id)(values)).toEqual({});
    expect(validateAgentEdit(agent.id)({ ...values, password: 'short' })).toEqual({
      password: 'Password must be at least 8 characters',
    });
    expect(toUpdateRequest(agent.id, values)).not.toHaveProperty('password');
    expect(toUpdateRequest(agent.id, { ...values, password: 'new-password' }).password).toBe('new-password');
  });

  it('round-trips an agent, sends blanks as null and the status as a boolean', () => {
    const request = toUpdateRequest(agent.id, agentFormValues(agent));
    expect(request).toMatchObject({
      id: 7,
      type: 'Physical',
      agentId: 'AG-1001',
      status: false,
      email: null,
      homeDistrict: 'Cumilla',
      joiningDate: '2023-03-01',
    });
    const created = toCreateRequest({
      ...EMPTY_AGENT_FORM,
      type: 'Virtual',
      name: ' Sadia ',
      agentId: ' AG-2 ',
      password: 'long-enough',
      cellNumber: ' 0181 ',
    });
    expect(created).toMatchObject({
      type: 'Virtual',
      name: 'Sadia',
      agentId: 'AG-2',
      cellNumber: '0181',
      bankAcNumber: null,
    });
  });

  it("puts the server's taken agent ID under the agent ID field", () => {
    for (const taken of [
      'An agent with ID "AG-1" already exists',
      'The ID "admin" is already used by another account',
    ]) {
      const body = { message: taken, code: 'DUPLICATE', field: 'agentId' };
      expect(refusedField(new ApiError(409, taken, 'http', body), AGENT_REFUSALS)).toBe('agentId');
    }
    expect(
      refusedField(new ApiError(409, 'AG-1003 has 30 QC records; set the agent Inactive instead'), AGENT_REFUSALS),
    ).toBeUndefined();
  });
});
