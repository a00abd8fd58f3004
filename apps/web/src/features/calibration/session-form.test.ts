import { describe, expect, it } from 'vitest';
import { emptySessionForm, toSessionRequest, validateSessionForm } from './session-form.ts';

describe('the new calibration session form', () => {
  it("says what is missing in the form's words, per call", () => {
    const errors = validateSessionForm(emptySessionForm());
    expect(errors.name).toBe('Name is required');
    expect(errors.deadline).toBe('Deadline is required');
    expect(errors.inspectorIds).toBe('Choose at least two inspectors');
    expect(errors['calls.0.campaignName']).toBe('Campaign is required');
    expect(errors['calls.0.consumerNumber']).toBe('Number is required');
    expect(errors['calls.0.callDate']).toBe('Call date is required');
  });

  it('sends ids as numbers and no recording as null', () => {
    const values = {
      name: ' Nov ',
      deadline: '2099-12-31',
      inspectorIds: ['3', '4'],
      calls: [{ campaignName: 'Mobile', consumerNumber: '01712345678', callDate: '2026-11-20', fileName: '' }],
    };
    expect(validateSessionForm(values)).toEqual({});
    expect(toSessionRequest(values)).toEqual({
      name: ' Nov ',
      deadline: '2099-12-31',
      inspectorIds: [3, 4],
      calls: [{ campaignName: 'Mobile', consumerNumber: '01712345678', callDate: '2026-11-20', fileName: null }],
    });
  });
});
