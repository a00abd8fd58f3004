// The queue settings form (admins): the shared schema's rules and words, with a blank field read as missing.
import { ZQcQueueSettingsUpdate, type TQcQueueSettingsUpdate } from '@crm/shared';
import { schemaValidate } from '../../app/form-schema.ts';

/** NumberInput values: a number, or '' while blank. */
export type TSettingsFormValues = { targetPerAgentDay: number | string; minDurationSec: number | string };

const toNumber = (value: number | string) => (value === '' ? undefined : Number(value));

export function settingsInput(values: TSettingsFormValues): { targetPerAgentDay?: number; minDurationSec?: number } {
  return { targetPerAgentDay: toNumber(values.targetPerAgentDay), minDurationSec: toNumber(values.minDurationSec) };
}

// The schema's messages already name the field ("Target per agent and day must be at least 1").
export const validateSettingsForm = schemaValidate(ZQcQueueSettingsUpdate, { labels: {}, toInput: settingsInput });

/** The body of a form that passed validation. */
export function toSettingsUpdate(values: TSettingsFormValues): TQcQueueSettingsUpdate {
  return ZQcQueueSettingsUpdate.parse(settingsInput(values));
}
