// The options editor's rule: what may be added to a question's options.
import { MAX_OPTION_LENGTH } from '@crm/shared';

/** Why a new option cannot be added to the list, or undefined when it can. */
export function optionProblem(option: string, existing: readonly string[]): string | undefined {
  const value = option.trim();
  if (value === '') return 'Type an option first';
  // The comma separates options in the stored string, so an option holding one would become two.
  if (value.includes(',')) return 'An option may not contain a comma';
  if (value.length > MAX_OPTION_LENGTH) return `An option may be at most ${MAX_OPTION_LENGTH} characters`;
  if (existing.some((o) => o.toLowerCase() === value.toLowerCase())) return `"${value}" is already an option`;
  return undefined;
}
