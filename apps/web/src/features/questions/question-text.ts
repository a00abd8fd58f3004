// Words the question screens show: the delete confirmation with its rule count, and a deleted question's notice.
import { deleteConfirmation } from '@crm/shared';

function ruleCount(n: number): string {
  return n === 1 ? '1 logic rule goes' : `${n} logic rules go`;
}

/** docs/product.md §8's confirmation, telling how many logic rules the delete takes with it. */
export function questionDeleteConfirmation(qno: string, rules: number, conditions: readonly string[] = []): string {
  const plain = deleteConfirmation(qno);
  // Conditions that use it block the delete (the server refuses it): said before the admin confirms.
  if (conditions.length > 0)
    return `${qno} is used by the condition of ${conditions.join('; ')}: the delete is refused until ${conditions.length === 1 ? 'that condition changes' : 'those conditions change'}.`;
  if (rules <= 0) return plain;
  return plain.replace("'s record? ", `'s record? ${ruleCount(rules)} with it. `);
}

export function questionDeletedNotice(qno: string, campaignName: string, deletedRules: number): string {
  const rules =
    deletedRules === 0 ? '' : deletedRules === 1 ? ', with 1 logic rule' : `, with ${deletedRules} logic rules`;
  return `${qno} of ${campaignName} deleted${rules}.`;
}
