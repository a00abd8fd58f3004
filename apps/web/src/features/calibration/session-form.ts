// The new-session form: its values, the shared schema's rules in the form's words, and the request it sends.
import { ZCalibrationSessionCreate, type TCalibrationSessionCreateInput } from '@crm/shared';
import { schemaValidate } from '../../app/form-schema.ts';

export type TCallFormValues = { campaignName: string; consumerNumber: string; callDate: string; fileName: string };
export type TSessionFormValues = { name: string; deadline: string; inspectorIds: string[]; calls: TCallFormValues[] };

export const EMPTY_CALL: TCallFormValues = { campaignName: '', consumerNumber: '', callDate: '', fileName: '' };

export function emptySessionForm(): TSessionFormValues {
  return { name: '', deadline: '', inspectorIds: [], calls: [{ ...EMPTY_CALL }] };
}

const LABELS = {
  name: 'Name',
  deadline: 'Deadline',
  campaignName: 'Campaign',
  consumerNumber: 'Number',
  callDate: 'Call date',
  fileName: 'Recording',
};

/** The request the values make: '' of an unset field left out, so the schema says it is required. */
export function toSessionRequest(values: TSessionFormValues): TCalibrationSessionCreateInput {
  const orUndefined = (v: string) => (v.trim() === '' ? undefined : v);
  return {
    name: values.name,
    deadline: orUndefined(values.deadline) as string,
    inspectorIds: values.inspectorIds.map(Number),
    calls: values.calls.map((c) => ({
      campaignName: orUndefined(c.campaignName) as string,
      consumerNumber: orUndefined(c.consumerNumber) as string,
      callDate: orUndefined(c.callDate) as string,
      fileName: c.fileName === '' ? null : c.fileName,
    })),
  };
}

export const validateSessionForm = schemaValidate(ZCalibrationSessionCreate, {
  labels: LABELS,
  toInput: toSessionRequest,
});
