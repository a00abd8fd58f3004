// The scoring screens' keys: F6 / Shift+F6 go round the areas a screen names (skipping one with nothing to focus yet),
// Ctrl+Enter or ⌘+Enter submits, and neither fires while a dialog is open.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import {
  cycleFocusAreas,
  firstCriterionRow,
  nextAreaIndex,
  scoringKey,
  useScoringKeys,
  type TFocusAreaSpec,
} from './scoring-keys.ts';

function screenOf(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  document.body.append(root);
  return root;
}

afterEach(() => {
  document.body.innerHTML = '';
});

const SCREEN = `
  <section aria-label="Player"><button>Play</button></section>
  <section aria-label="Scoring">
    <div data-criterion="greet" tabindex="0"><button role="radio">Yes (10)</button></div>
    <div data-criterion="close" tabindex="0"><button role="radio">Yes (10)</button></div>
  </section>
  <textarea aria-label="Comment"></textarea>`;

const AREAS: TFocusAreaSpec[] = [
  {
    name: 'player',
    control: (root) => root.querySelector('section[aria-label="Player"] button'),
    holds: (e) => e.closest('section[aria-label="Player"]') !== null,
  },
  {
    name: 'scorecard',
    control: (root) => firstCriterionRow(root),
    holds: (e) => e.closest('section[aria-label="Scoring"]') !== null,
  },
  { name: 'comment', control: (root) => root.querySelector('textarea'), holds: (e) => e.tagName === 'TEXTAREA' },
];

describe('scoringKey', () => {
  it('reads F6 as the cycle (Shift back) and Ctrl or ⌘ with Enter as submit', () => {
    const key = (key: string, more: Partial<KeyboardEvent> = {}) =>
      scoringKey({ key, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...more });
    expect(key('F6')).toEqual({ kind: 'cycle', back: false });
    expect(key('F6', { shiftKey: true })).toEqual({ kind: 'cycle', back: true });
    expect(key('Enter', { ctrlKey: true })).toEqual({ kind: 'submit' });
    expect(key('Enter', { metaKey: true })).toEqual({ kind: 'submit' });
    expect(key('Enter')).toBeNull();
    expect(key('Enter', { ctrlKey: true, altKey: true })).toBeNull();
    expect(key('F6', { ctrlKey: true })).toBeNull();
  });
});

describe('the F6 cycle', () => {
  it('goes round the areas in order, from the first when the focus is in none', () => {
    expect(nextAreaIndex(-1, 3, false)).toBe(0);
    expect(nextAreaIndex(-1, 3, true)).toBe(2);
    expect(nextAreaIndex(2, 3, false)).toBe(0);
    expect(nextAreaIndex(0, 3, true)).toBe(2);
  });

  it('lands on the player, the first criterion row and the comment box, and back', () => {
    const root = screenOf(SCREEN);
    const go = (back = false) => cycleFocusAreas(root, AREAS, document.activeElement, back);
    expect(go()).toBe(true);
    expect(document.activeElement?.textContent).toBe('Play');
    go();
    expect((document.activeElement as HTMLElement).dataset.criterion).toBe('greet');
    go();
    expect(document.activeElement?.tagName).toBe('TEXTAREA');
    go(true);
    expect((document.activeElement as HTMLElement).dataset.criterion).toBe('greet');
  });

  it('skips an area with nothing to focus yet (no recording: no player button)', () => {
    const root = screenOf(SCREEN.replace('<button>Play</button>', ''));
    cycleFocusAreas(root, AREAS, root.querySelector('textarea'), false);
    expect((document.activeElement as HTMLElement).dataset.criterion).toBe('greet');
  });
});

describe('useScoringKeys', () => {
  it('cycles and submits from the document, but leaves the keys to an open dialog', () => {
    screenOf(SCREEN);
    const submit = vi.fn();
    renderHook(() => useScoringKeys(AREAS, submit));
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'F6', cancelable: true }));
    expect(document.activeElement?.textContent).toBe('Play');
    const press = new KeyboardEvent('keydown', { key: 'Enter', ctrlKey: true, cancelable: true });
    document.dispatchEvent(press);
    expect(submit).toHaveBeenCalledTimes(1);
    expect(press.defaultPrevented).toBe(true);

    screenOf('<div role="dialog"><button>Confirm</button></div>');
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', ctrlKey: true, cancelable: true }));
    expect(submit).toHaveBeenCalledTimes(1);
  });
});
