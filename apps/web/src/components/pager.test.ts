// The pager arithmetic behind every list's "Showing X to Y of Z", page buttons and typed page number.
import { describe, expect, it } from 'vitest';
import {
  keysetPagerState,
  keysetShowingText,
  nextNav,
  pageFromInput,
  pagerState,
  previousNav,
  showingText,
} from './pager.ts';

describe('pagerState', () => {
  it('on the first page of several: Previous is off, Next is on', () => {
    const pager = pagerState(0, 10, 95);
    expect(pager).toMatchObject({ page: 0, pageCount: 10, isFirst: true, isLast: false, from: 1, to: 10, total: 95 });
    expect(pager.pages).toEqual([0, 1, 2, 3, 4]);
    expect(showingText(pager)).toBe('Showing 1 to 10 of 95 entries');
  });

  it('on the last page the range ends at the total and Next is off', () => {
    const pager = pagerState(9, 10, 95);
    expect(pager).toMatchObject({ page: 9, isFirst: false, isLast: true, from: 91, to: 95 });
    expect(pager.pages).toEqual([5, 6, 7, 8, 9]);
  });

  it('a single page is both first and last', () => {
    const pager = pagerState(0, 25, 7);
    expect(pager).toMatchObject({ page: 0, pageCount: 1, isFirst: true, isLast: true, from: 1, to: 7 });
    expect(pager.pages).toEqual([0]);
  });

  it('an exactly full last page has no empty page after it', () => {
    const pager = pagerState(1, 10, 20);
    expect(pager).toMatchObject({ pageCount: 2, isLast: true, from: 11, to: 20 });
  });

  it('zero records: no page buttons, both ends off, Showing 0 to 0 of 0', () => {
    const pager = pagerState(0, 10, 0);
    expect(pager).toMatchObject({ page: 0, pageCount: 0, isFirst: true, isLast: true, from: 0, to: 0 });
    expect(pager.pages).toEqual([]);
    expect(showingText(pager)).toBe('Showing 0 to 0 of 0 entries');
  });

  it('centres the window of five on the current page in the middle', () => {
    expect(pagerState(5, 10, 200).pages).toEqual([3, 4, 5, 6, 7]);
  });

  it('slides the window so it never runs past either end', () => {
    expect(pagerState(1, 10, 200).pages).toEqual([0, 1, 2, 3, 4]);
    expect(pagerState(18, 10, 200).pages).toEqual([15, 16, 17, 18, 19]);
    expect(pagerState(2, 10, 30).pages).toEqual([0, 1, 2]);
  });

  it('clamps a page past the end (after deletes) and a negative page', () => {
    expect(pagerState(12, 10, 35)).toMatchObject({ page: 3, from: 31, to: 35, isLast: true });
    expect(pagerState(-1, 10, 35)).toMatchObject({ page: 0, isFirst: true });
  });
});

describe('pageFromInput', () => {
  it('turns a typed 1-based page number into the 0-based page', () => {
    expect(pageFromInput('1', 136)).toBe(0);
    expect(pageFromInput(' 57 ', 136)).toBe(56);
    expect(pageFromInput('136', 136)).toBe(135);
  });

  it('clamps a number past either end to the first or last page', () => {
    expect(pageFromInput('999', 136)).toBe(135);
    expect(pageFromInput('0', 136)).toBe(0);
  });

  it('takes nothing that is not a whole number, and nothing when there are no pages', () => {
    expect(pageFromInput('', 136)).toBeNull();
    expect(pageFromInput('2.5', 136)).toBeNull();
    expect(pageFromInput('-3', 136)).toBeNull();
    expect(pageFromInput('abc', 136)).toBeNull();
    expect(pageFromInput('1', 0)).toBeNull();
  });
});

describe('keysetPagerState', () => {
  const reply = (over: Partial<Parameters<typeof keysetPagerState>[1]> = {}) => ({
    number: -1,
    totalElements: 95,
    count: 10,
    hasPrevious: true,
    hasNext: true,
    ...over,
  });

  it('places the first page at row 1 and the last at the end, whatever the navigation said', () => {
    const first = keysetPagerState({ kind: 'first' }, reply({ number: 0, hasPrevious: false }));
    expect(keysetShowingText(first)).toBe('Showing 1 to 10 of 95 entries');
    const last = keysetPagerState({ kind: 'last' }, reply({ number: 9, count: 5, hasNext: false }));
    expect(keysetShowingText(last)).toBe('Showing 91 to 95 of 95 entries');
    // A page after a row that turned out to be the last (the server answered the last page instead).
    expect(
      keysetPagerState({ kind: 'after', cursor: 'c', startsAt: 96 }, reply({ number: 9, count: 5, hasNext: false }))
        .from,
    ).toBe(91);
  });

  it('places a page after / before a row from where the page it came from sits', () => {
    const second = keysetPagerState(
      nextNav({ from: 1, count: 10, total: 95, hasPrevious: false, hasNext: true }, 'c'),
      reply(),
    );
    expect(keysetShowingText(second)).toBe('Showing 11 to 20 of 95 entries');
    const beforeLast = keysetPagerState(
      previousNav({ from: 91, count: 5, total: 95, hasPrevious: true, hasNext: false }, 'c'),
      reply(),
    );
    expect(keysetShowingText(beforeLast)).toBe('Showing 81 to 90 of 95 entries');
  });

  it('says only how many rows it shows where the place is not known, and 0 to 0 when empty', () => {
    expect(keysetShowingText(keysetPagerState({ kind: 'unplaced' }, reply()))).toBe('Showing 10 of 95 entries');
    expect(keysetShowingText(keysetPagerState({ kind: 'after', cursor: 'c', startsAt: 200 }, reply()))).toBe(
      'Showing 10 of 95 entries',
    );
    expect(
      keysetShowingText(
        keysetPagerState({ kind: 'first' }, reply({ totalElements: 0, count: 0, hasPrevious: false, hasNext: false })),
      ),
    ).toBe('Showing 0 to 0 of 0 entries');
  });
});
