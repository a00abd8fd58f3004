// A call of the QC queue as a row of the new-session form: the same campaign, number, date and recording a call
// added by number would have; added into the first blank row, or as a new row while there is room.
import { CALIBRATION_LIMITS, type TQcQueueCall } from '@crm/shared';
import type { TCallFormValues } from './session-form.ts';

/** The form row of a queue call. */
export function callOfQueue(call: TQcQueueCall): TCallFormValues {
  return {
    campaignName: call.campaignName,
    consumerNumber: call.phoneNumber,
    callDate: call.callDate,
    fileName: call.fileName,
  };
}

const isBlank = (c: TCallFormValues) =>
  c.campaignName === '' && c.consumerNumber.trim() === '' && c.callDate === '' && c.fileName === '';

/** Whether the form already has this recording as one of its calls. */
export function hasQueueCall(calls: TCallFormValues[], call: TQcQueueCall): boolean {
  return calls.some((c) => c.fileName === call.fileName && c.callDate === call.callDate);
}

/** Why a queue call cannot be added now, or null when it can. */
export function queueCallRefusal(calls: TCallFormValues[], call: TQcQueueCall): string | null {
  if (hasQueueCall(calls, call)) return 'Added';
  if (!calls.some(isBlank) && calls.length >= CALIBRATION_LIMITS.calls)
    return `At most ${CALIBRATION_LIMITS.calls} calls`;
  return null;
}

/** The calls with this queue call added (unchanged when it cannot be): into the first blank row, else at the end. */
export function addQueueCall(calls: TCallFormValues[], call: TQcQueueCall): TCallFormValues[] {
  if (queueCallRefusal(calls, call) !== null) return calls;
  const blank = calls.findIndex(isBlank);
  if (blank === -1) return [...calls, callOfQueue(call)];
  return calls.map((c, i) => (i === blank ? callOfQueue(call) : c));
}

/** A call's length as m:ss ("—" when unknown). */
export function lengthText(seconds: number | null): string {
  if (seconds === null) return '—';
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
