// A small scorecard for the scoring form's and the QC screens' tests: three sections, N/A, auto-fail, a comment required.
import { ZScorecardDefinition, type TScorecardDefinition, type TScorecardDefinitionInput } from '@crm/shared';

export const CARE_FORM_INPUT: TScorecardDefinitionInput = {
  name: 'Care form',
  scoringMode: 'weighted',
  passMark: 75,
  autoFailResult: 'zeroTotal',
  sections: [
    {
      name: 'Opening',
      weight: 20,
      criteria: [
        {
          key: 'greeting',
          name: 'Greeting',
          question: 'Did the agent greet the customer by name?',
          guidance: 'The name from the lead, within 10 seconds.',
          choices: [
            { label: 'Yes', marks: 5 },
            { label: 'No', marks: 0 },
          ],
          allowNa: false,
          autoFailChoice: null,
          commentRequired: false,
          tags: [],
        },
      ],
    },
    {
      name: 'Handling',
      weight: 50,
      criteria: [
        {
          key: 'empathy',
          name: 'Empathy',
          question: 'Did the agent acknowledge the problem?',
          choices: [
            { label: 'Good', marks: 10 },
            { label: 'Fair', marks: 5 },
            { label: 'Poor', marks: 0 },
          ],
          allowNa: false,
          autoFailChoice: null,
          commentRequired: true,
          tags: [],
        },
        {
          key: 'hold',
          name: 'Hold etiquette',
          question: 'Were holds asked for and short?',
          choices: [
            { label: 'Yes', marks: 10 },
            { label: 'No', marks: 0 },
          ],
          allowNa: true,
          autoFailChoice: null,
          commentRequired: false,
          tags: ['hold'],
        },
      ],
    },
    {
      name: 'Compliance',
      weight: 30,
      criteria: [
        {
          key: 'disclosure',
          name: 'Disclosure',
          question: 'Was the recorded-line disclosure read?',
          choices: [
            { label: 'Read', marks: 10 },
            { label: 'Missed', marks: 0 },
          ],
          allowNa: false,
          autoFailChoice: 'Missed',
          commentRequired: false,
          tags: [],
        },
      ],
    },
  ],
};

export const CARE_FORM: TScorecardDefinition = ZScorecardDefinition.parse(CARE_FORM_INPUT);
