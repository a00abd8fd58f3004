// The preview's keys and live result: 1–9 pick a choice, N is N/A where allowed, the total by the shared arithmetic.
import { describe, expect, it } from 'vitest';
import { ZScorecardDefinition, type TScorecardDefinition } from '@crm/shared';
import { liveResult, marksOf, needsComment, pickOfKey, withComment, withPick, type TPicks } from './preview-marks.ts';

const CARD: TScorecardDefinition = ZScorecardDefinition.parse({
  name: 'Client',
  scoringMode: 'weighted',
  passMark: 70,
  autoFailResult: 'zeroTotal',
  sections: [
    {
      name: 'Opening',
      weight: 50,
      criteria: [
        {
          key: 'greet',
          name: 'Greeting',
          question: 'Greeted?',
          choices: [
            { label: 'Yes', marks: 2 },
            { label: 'No', marks: 0 },
          ],
          allowNa: true,
          commentRequired: true,
        },
      ],
    },
    {
      name: 'Compliance',
      weight: 50,
      criteria: [
        {
          key: 'consent',
          name: 'Consent',
          question: 'Consent read?',
          choices: [
            { label: 'Yes', marks: 1 },
            { label: 'No', marks: 0 },
            { label: 'Lied', marks: 0 },
          ],
          autoFailChoice: 'Lied',
        },
      ],
    },
  ],
});
const [greet, consent] = CARD.sections.flatMap((s) => s.criteria) as [
  TScorecardDefinition['sections'][number]['criteria'][number],
  TScorecardDefinition['sections'][number]['criteria'][number],
];

describe('keys', () => {
  it('picks the nth choice with n, N/A with N only where allowed, and nothing with other keys', () => {
    expect(pickOfKey(consent, '3')).toEqual({ choice: 'Lied' });
    expect(pickOfKey(consent, '4')).toBeNull();
    expect(pickOfKey(consent, 'n')).toBeNull();
    expect(pickOfKey(greet, 'N')).toEqual({ choice: null });
    expect(pickOfKey(greet, 'x')).toBeNull();
  });
});

describe('the live result', () => {
  it('scores what is picked, and says what a save still needs', () => {
    const picks = withPick({}, 'greet', 'Yes');
    const live = liveResult(CARD, picks);
    expect(live.picked).toBe(1);
    expect(live.result.total).toBe(100);
    expect(live.problems).toEqual(['Consent must be scored']);
  });

  it('leaves an N/A section out of a weighted total', () => {
    const picks = withPick(withPick({}, 'greet', null), 'consent', 'No');
    expect(liveResult(CARD, picks).result.total).toBe(0);
    expect(liveResult(CARD, withPick(picks, 'consent', 'Yes')).result).toMatchObject({ total: 100, passed: true });
  });

  it('fails the call on the auto-fail choice whatever the total', () => {
    const picks = withPick(withPick({}, 'greet', 'Yes'), 'consent', 'Lied');
    expect(liveResult(CARD, picks).result).toMatchObject({ total: 0, passed: false, autoFailed: true });
  });

  it('asks for a comment below the best mark where required, and takes it', () => {
    let picks: TPicks = withPick({}, 'greet', 'No');
    expect(needsComment(greet, picks)).toBe(true);
    picks = withPick(picks, 'consent', 'Yes');
    expect(liveResult(CARD, picks).problems).toEqual(['Greeting needs a comment when it is not at its best mark']);
    picks = withComment(picks, 'greet', 'No greeting at all');
    expect(liveResult(CARD, picks).problems).toEqual([]);
    expect(marksOf(CARD, picks)[0]).toEqual({ key: 'greet', choice: 'No', comment: 'No greeting at all' });
    expect(needsComment(greet, withPick({}, 'greet', 'Yes'))).toBe(false);
  });
});
