// The suspicious settings form (admins): the shared schema's rules and words, with a blank field read as missing.
import { ZSuspiciousSettingsUpdate, type TSuspiciousSettingsUpdate } from '@crm/shared';
import { schemaValidate } from '../../app/form-schema.ts';

/** NumberInput values: a number, or '' while blank. */
export type TSuspiciousFormValues = {
  minHandleSeconds: number | string;
  hourlyLimit: number | string;
  flaggedFirst: boolean;
};

const toNumber = (value: number | string) => (value === '' ? undefined : Number(value));

export function suspiciousInput(values: TSuspiciousFormValues) {
  return {
    minHandleSeconds: toNumber(values.minHandleSeconds),
    hourlyLimit: toNumber(values.hourlyLimit),
    flaggedFirst: values.flaggedFirst,
  };
}

// The schema's messages already name the field ("Hourly limit must be at least 1").
export const validateSuspiciousForm = schemaValidate(ZSuspiciousSettingsUpdate, {
  labels: {},
  toInput: suspiciousInput,
});

/** The body of a form that passed validation. */
export function toSuspiciousUpdate(values: TSuspiciousFormValues): TSuspiciousSettingsUpdate {
  return ZSuspiciousSettingsUpdate.parse(suspiciousInput(values));
}
