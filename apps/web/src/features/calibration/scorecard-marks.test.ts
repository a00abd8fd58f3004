import { describe, expect, it } from 'vitest';
import { QC_CRITERIA, QC_CRITERION_KEYS, bestScores } from '@crm/shared';
import {
  choiceLabel,
  choicesOf,
  nearestOnScale,
  othersChoicesDiffering,
  startingExpertChoices,
  startingExpertMarks,
} from './scorecard-marks.ts';

const criterion = (key: string) => QC_CRITERIA.find((c) => c.key === key) as (typeof QC_CRITERIA)[number];

describe('the compact scorecard choices', () => {
  it('says Need Improvement as NI, with the marks', () => {
    expect(choiceLabel('Need Improvement', 5)).toBe('NI 5');
    expect(choicesOf(criterion('crm'))).toEqual([
      { value: '20', label: 'Yes 20' },
      { value: '10', label: 'NI 10' },
      { value: '0', label: 'No 0' },
    ]);
  });

  it('snaps a median to the nearest mark of the scale, a tie to the higher', () => {
    expect(nearestOnScale(criterion('liveliness'), 7.5)).toBe(10);
    expect(nearestOnScale(criterion('liveliness'), 6)).toBe(5);
    expect(nearestOnScale(criterion('greetings'), -2.5)).toBe(0);
    expect(nearestOnScale(criterion('fatal'), -60)).toBe(-100);
  });

  it('starts the expert card from recorded marks, else the consensus, else the best', () => {
    const rows = QC_CRITERION_KEYS.map((key) => ({
      key,
      marks: [],
      median: null as number | null,
      spread: null,
      expert: null as number | null,
    }));
    const at = (key: string) => rows.find((r) => r.key === key) as (typeof rows)[number];
    at('liveliness').median = 5;
    at('crm').median = 15;
    at('crm').expert = 10;
    expect(startingExpertMarks({ rows })).toEqual({ ...bestScores(), liveliness: 5, crm: 10 });
  });
});

describe('the expert card and the others on another scorecard', () => {
  const definition = {
    sections: [
      {
        name: 'Opening',
        weight: null,
        criteria: [
          {
            key: 'greeting',
            name: 'Greeting',
            question: 'Greeting?',
            guidance: '',
            choices: [
              { label: 'Yes', marks: 10 },
              { label: 'No', marks: 0 },
            ],
            allowNa: true,
            autoFailChoice: null,
            commentRequired: false,
            tags: [],
          },
          {
            key: 'needs',
            name: 'Needs found',
            question: 'Needs?',
            guidance: '',
            choices: [
              { label: 'Yes', marks: 10 },
              { label: 'Partly', marks: 5 },
              { label: 'No', marks: 0 },
            ],
            allowNa: false,
            autoFailChoice: null,
            commentRequired: false,
            tags: [],
          },
        ],
      },
    ],
  };
  const answers = (key: string, na: boolean[], expertChoice: string | null = null) => ({
    key,
    section: 'Opening',
    name: key,
    choices: na.map((n) => (n ? null : 'Yes')),
    na,
    expertChoice,
    expertNa: false,
  });

  it('starts from the consensus snapped to a choice, N/A where everyone said N/A; the recorded choices win', () => {
    const call = {
      rows: [
        { key: 'greeting', marks: [null, null], median: null, spread: null, expert: null },
        { key: 'needs', marks: [10, 0], median: 5, spread: 10, expert: null },
      ],
      answers: [answers('greeting', [true, true]), answers('needs', [false, false])],
      expertTotal: null,
    };
    expect(startingExpertChoices(definition, call).map((m) => m.choice)).toEqual([null, 'Partly']);
    const recorded = {
      ...call,
      expertTotal: 50,
      answers: [answers('greeting', [true, true], 'No'), answers('needs', [false, false], 'Yes')],
    };
    expect(startingExpertChoices(definition, recorded).map((m) => m.choice)).toEqual(['No', 'Yes']);
  });

  it("names the others' differing answers only once the caller has submitted", () => {
    const scoring = (who: string, greeting: string | null) => ({
      inspectorName: who,
      scorecard: {
        criteria: [
          { key: 'greeting', choice: greeting },
          { key: 'needs', choice: 'Yes' },
        ],
      },
    });
    type TCall = Parameters<typeof othersChoicesDiffering>[0];
    const call = (mine: ReturnType<typeof scoring> | null, others: ReturnType<typeof scoring>[]) =>
      ({ myScoring: mine, scorings: others }) as unknown as TCall;
    expect(othersChoicesDiffering(call(null, [scoring('B', null)]))).toEqual({});
    expect(othersChoicesDiffering(call(scoring('A', 'Yes'), [scoring('B', null), scoring('C', 'Yes')]))).toEqual({
      greeting: 'B: N/A, C: Yes',
    });
  });
});
