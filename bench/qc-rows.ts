// The SQL that makes benchmark QC records as the product scores them: 50 agents, marks varying call by call on the
// scorecard's scales, the total and grade computed as the server does, a fatal call in fifty. Used by the groups that
// seed QC records (qc-export, qc-queue, scale) inside their `insert … select … from generate_series(…) g`.
import { QC_CRITERIA } from '@crm/shared';

/** The agent of call g: one of 50. */
export const QC_AGENT_COLUMNS = `'AG' || lpad((g % 50)::text, 3, '0') as agent_id,
  (array['Rina Akter', 'Sabbir Hasan', 'Nusrat Jahan', 'Tanvir Ahmed', 'Farhana Islam'])[1 + g % 5] || ' ' || (g % 50) as agent_name`;

/** The 14 marks of call g, its fatal reason and whether the voice matched the report. */
export const QC_MARK_COLUMNS = `case when g % 11 = 0 then -5 else 0 end as greetings,
  (array[10, 5, 10])[1 + g % 3] as liveliness, (array[10, 10, 5])[1 + (g / 3) % 3] as pronunciation,
  10 as mumbling, (array[10, 5])[1 + g % 2] as pace, 10 as pitch, (array[10, 10, 10, 5])[1 + g % 4] as courtesy,
  case when g % 13 = 0 then -5 else 0 end as hold_process, case when g % 9 = 0 then 0 else 10 end as taking_permission,
  10 as acknowledgement_and_follow_up, (array[0, 0, 0, -10])[1 + (g / 5) % 4] as poor_objection_and_negotiation_skill,
  (array[20, 20, 10])[1 + g % 3] as crm, case when g % 17 = 0 then -5 else 0 end as closing,
  case when g % 50 = 0 then -100 else 0 end as fatal,
  case when g % 50 = 0 then 'Misbehaved with the respondent' else '' end as fatal_reason,
  case when g % 7 = 0 then 'No' else 'Yes' end as eas`;

/** The total of those marks, over a row that has them. */
export const QC_TOTAL = `greetings + liveliness + pronunciation + mumbling + pace + pitch + courtesy + hold_process + taking_permission
  + acknowledgement_and_follow_up + poor_objection_and_negotiation_skill + crm + closing + fatal as total`;

/** The grade of that total, as the server grades it. */
export const QC_GRADE = `case when total >= 90 then 'Exceed Expectation' when total >= 80 then 'Meet Expectation'
  when total >= 70 then 'Average Expectation' else 'Below Expectation' end`;

/** The column QC_MARK_COLUMNS names a criterion's marks by: its key in snake case. */
const markColumn = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * qc_records.marks of a row that has the 14 marks (as QC_MARK_COLUMNS names them), on "Standard" (scorecard 1): each
 * criterion's {choice, marks, comment}, the choice the label its marks have on the criterion's scale.
 */
export const QC_MARKS = `jsonb_build_object(${QC_CRITERIA.map((c) => {
  const col = markColumn(c.key);
  const labels = c.scale.map((s) => `when ${s.marks} then '${s.label}'`).join(' ');
  return `'${c.key}', jsonb_build_object('choice', case ${col} ${labels} end, 'marks', ${col}, 'comment', '')`;
}).join(',\n  ')}) as marks`;
