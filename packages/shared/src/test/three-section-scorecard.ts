// Test support, not product code: the one 3-section scorecard the server, web and browser tests score on (issue 36).
// Imported as '@crm/shared/test/three-section-scorecard'; no product file imports it.
import type { TScorecardDefinitionInput } from '../schemas/scorecards.ts';

const yesNo = (yes: number) => [
  { label: 'Yes', marks: yes },
  { label: 'No', marks: 0 },
];

/**
 * Weighted, pass mark 70, an auto-fail zeroes the total, today's four grade bands:
 * - Opening 30: Greeting (`greet`) Yes 10 / No 0, N/A allowed, with guidance;
 * - Handling 40: Active listening (`listen`) Good 10 / Fair 5 / Poor 0, a comment required below Good; Resolution
 *   (`solve`) Yes 10 / No 0;
 * - Close 30: Compliance (`compliance`) Yes 10 / Breach 0, Breach an auto-fail; Wrap-up (`wrapup`) Yes 5 / No 0.
 * Greeting No and Active listening Fair, the rest at best: 0 + 30 + 30 = 60.
 */
export function threeSectionCard(name = 'Three sections'): TScorecardDefinitionInput {
  const criterion = (key: string, criterionName: string, choices: { label: string; marks: number }[]) => ({
    key,
    name: criterionName,
    question: `${criterionName}?`,
    guidance: '',
    choices,
    allowNa: false,
    autoFailChoice: null as string | null,
    commentRequired: false,
    tags: [] as string[],
  });
  return {
    name,
    scoringMode: 'weighted',
    passMark: 70,
    autoFailResult: 'zeroTotal',
    sections: [
      {
        name: 'Opening',
        weight: 30,
        criteria: [
          {
            ...criterion('greet', 'Greeting', yesNo(10)),
            question: 'Did the agent greet the customer by name?',
            guidance: 'The name from the lead, within 10 seconds.',
            allowNa: true,
          },
        ],
      },
      {
        name: 'Handling',
        weight: 40,
        criteria: [
          {
            ...criterion('listen', 'Active listening', [
              { label: 'Good', marks: 10 },
              { label: 'Fair', marks: 5 },
              { label: 'Poor', marks: 0 },
            ]),
            commentRequired: true,
          },
          criterion('solve', 'Resolution', yesNo(10)),
        ],
      },
      {
        name: 'Close',
        weight: 30,
        criteria: [
          {
            ...criterion('compliance', 'Compliance', [
              { label: 'Yes', marks: 10 },
              { label: 'Breach', marks: 0 },
            ]),
            autoFailChoice: 'Breach',
          },
          criterion('wrapup', 'Wrap-up', yesNo(5)),
        ],
      },
    ],
  };
}
