// Words of the logic screens: a loop of questions, and a question's label in pickers.
import type { TQuestion } from '@crm/shared';

/** [id2, id4] → 'Q2 → Q4 → Q2': the loop walked once and back to its start. */
export function loopText(loop: readonly number[], byId: ReadonlyMap<number, Pick<TQuestion, 'qno'>>): string {
  const qnos = loop.map((id) => byId.get(id)?.qno ?? `#${id}`);
  return qnos.length === 0 ? '' : [...qnos, qnos[0]].join(' → ');
}

/** How a question appears in the "Question to show" select. */
export function questionChoiceLabel(question: Pick<TQuestion, 'qno' | 'title' | 'status'>): string {
  return `${question.qno}. ${question.title}${question.status ? '' : ' (inactive)'}`;
}
