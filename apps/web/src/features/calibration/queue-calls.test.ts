import { describe, expect, it } from 'vitest';
import { CALIBRATION_LIMITS, type TQcQueueCall } from '@crm/shared';
import { addQueueCall, callOfQueue, lengthText, queueCallRefusal } from './queue-calls.ts';
import { EMPTY_CALL, toSessionRequest, type TCallFormValues } from './session-form.ts';

const QUEUED: TQcQueueCall = {
  recordingId: 5,
  callDate: '2026-11-20',
  callTime: '09:15:00',
  fileName: '20261120-091500_01712345678_AG-1001-all.wav',
  phoneNumber: '01712345678',
  agentUserId: 7,
  agentId: 'AG-1001',
  agentName: 'Karim Hossain',
  campaignId: 1,
  campaignName: 'Mobile',
  durationSec: 95,
  checks: {
    status: 'done',
    durationSec: 95,
    sampleRate: 8000,
    channels: [],
    deadAir: { totalSec: 12, longestSec: 4, holds: [] },
    clippingShare: 0,
    tooQuiet: false,
    holdSeconds: 30,
  },
  claim: null,
};

const BY_NUMBER: TCallFormValues = {
  campaignName: 'Mobile',
  consumerNumber: '01799999999',
  callDate: '2026-11-19',
  fileName: '',
};

describe('a call of the QC queue in the new-session form', () => {
  it('becomes the row adding it by number would make: campaign, number, date and its recording', () => {
    expect(callOfQueue(QUEUED)).toEqual({
      campaignName: 'Mobile',
      consumerNumber: '01712345678',
      callDate: '2026-11-20',
      fileName: QUEUED.fileName,
    });
    const request = toSessionRequest({
      name: 'N',
      deadline: '2099-12-31',
      inspectorIds: ['1', '2'],
      calls: [callOfQueue(QUEUED)],
    });
    expect(request.calls).toEqual([
      { campaignName: 'Mobile', consumerNumber: '01712345678', callDate: '2026-11-20', fileName: QUEUED.fileName },
    ]);
  });

  it('fills the first blank row, else comes last', () => {
    expect(addQueueCall([{ ...EMPTY_CALL }], QUEUED)).toEqual([callOfQueue(QUEUED)]);
    expect(addQueueCall([BY_NUMBER, { ...EMPTY_CALL }, { ...EMPTY_CALL }], QUEUED)).toEqual([
      BY_NUMBER,
      callOfQueue(QUEUED),
      EMPTY_CALL,
    ]);
    expect(addQueueCall([BY_NUMBER], QUEUED)).toEqual([BY_NUMBER, callOfQueue(QUEUED)]);
  });

  it('is not added twice, nor beyond the most calls a session takes', () => {
    const once = addQueueCall([BY_NUMBER], QUEUED);
    expect(queueCallRefusal(once, QUEUED)).toBe('Added');
    expect(addQueueCall(once, QUEUED)).toBe(once);
    const full = Array.from({ length: CALIBRATION_LIMITS.calls }, (_, i) => ({
      ...BY_NUMBER,
      consumerNumber: `0171000${String(i).padStart(4, '0')}`,
    }));
    expect(queueCallRefusal(full, QUEUED)).toBe(`At most ${CALIBRATION_LIMITS.calls} calls`);
    expect(addQueueCall(full, QUEUED)).toBe(full);
    // A blank row left in a full form still takes it.
    const withBlank = [...full.slice(1), { ...EMPTY_CALL }];
    expect(queueCallRefusal(withBlank, QUEUED)).toBeNull();
    expect(addQueueCall(withBlank, QUEUED).at(-1)).toEqual(callOfQueue(QUEUED));
  });

  it('shows its length as m:ss', () => {
    expect(lengthText(95)).toBe('1:35');
    expect(lengthText(null)).toBe('—');
  });
});
