// The queue settings form refuses what the server refuses, in the same words.
import { describe, expect, it } from 'vitest';
import { toSettingsUpdate, validateSettingsForm } from './settings-form.ts';

describe('the queue settings form', () => {
  it('takes a target of 1 to 1000 and a whole minimum duration', () => {
    expect(validateSettingsForm({ targetPerAgentDay: 5, minDurationSec: 30 })).toEqual({});
    expect(toSettingsUpdate({ targetPerAgentDay: 5, minDurationSec: 0 })).toEqual({
      targetPerAgentDay: 5,
      minDurationSec: 0,
    });
  });

  it('names the field and the rule', () => {
    expect(validateSettingsForm({ targetPerAgentDay: 0, minDurationSec: 30 })).toEqual({
      targetPerAgentDay: 'Target per agent and day must be at least 1',
    });
    expect(validateSettingsForm({ targetPerAgentDay: 1001, minDurationSec: -1 })).toEqual({
      targetPerAgentDay: 'Target per agent and day must be at most 1000',
      minDurationSec: 'Minimum duration must be at least 0',
    });
    expect(validateSettingsForm({ targetPerAgentDay: '', minDurationSec: 2.5 })).toEqual({
      targetPerAgentDay: 'Target per agent and day must be a whole number',
      minDurationSec: 'Minimum duration must be a whole number',
    });
  });
});
