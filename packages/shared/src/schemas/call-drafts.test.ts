import { describe, expect, it } from 'vitest';
import { ZCallDraftBody } from './call-drafts.ts';

describe('ZCallDraftBody', () => {
  const draft = { path: ['Q1', 'Q2', 'Q10'], answers: { Q1: 'Yes', Q2: 'Alpha, Beta' }, leadVersion: 3 };

  it('takes the questions shown, the answers by qno and the version looked up (or none)', () => {
    expect(ZCallDraftBody.parse(draft)).toEqual(draft);
    expect(ZCallDraftBody.parse({ ...draft, leadVersion: null }).leadVersion).toBeNull();
  });

  it('refuses a draft with no question on screen, keys that are not questions, answers too long or too many', () => {
    const bad = [
      { ...draft, path: [] },
      { ...draft, path: ['Q1', 'shop'] },
      { ...draft, answers: { is_called: '1' } },
      { ...draft, answers: { Q1: 'x'.repeat(2001) } },
      { ...draft, answers: Object.fromEntries(Array.from({ length: 501 }, (_, i) => [`Q${i + 1}`, 'x'])) },
      { ...draft, leadVersion: -1 },
      { path: draft.path, answers: draft.answers },
    ];
    for (const body of bad)
      expect(ZCallDraftBody.safeParse(body).success, JSON.stringify(body).slice(0, 80)).toBe(false);
  });
});
