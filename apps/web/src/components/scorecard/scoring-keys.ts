// The keys of a screen where a call is scored (the QC panel, calibration; docs/guide/qc.md): F6 (Shift+F6 back) moves
// between its areas (the player, the scorecard, the comment box), Ctrl+Enter (⌘+Enter) submits. A dialog (a
// confirmation) owns the keyboard while it is open. Each screen names its areas; the order is the order F6 visits.
import { useEffect, useRef } from 'react';

export type TFocusAreaSpec<A extends string = string> = {
  name: A;
  /** Where F6 lands in the area, or null when it has nothing to focus yet. */
  control: (root: ParentNode) => HTMLElement | null;
  /** True when the element is in this area. */
  holds: (element: Element) => boolean;
};

/** The shared scoring player (components/recording/ScoringPlayer.tsx) is a section named "Player". */
const PLAYER = 'section[aria-label="Player"]';

/** The player's first control (Play), or its seek slider: where F6 lands in the player. */
export function playerControl(root: ParentNode): HTMLElement | null {
  return root.querySelector<HTMLElement>(`${PLAYER} button:not(:disabled), ${PLAYER} [role="slider"]`);
}

export function inPlayer(element: Element): boolean {
  return element.closest(PLAYER) !== null;
}

/** The criterion control to focus in a scorecard: the first criterion's chosen mark, else its first enabled choice. */
export function firstCriterionControl(root: ParentNode): HTMLElement | null {
  const cell = root.querySelector('[data-criterion]');
  if (cell === null) return null;
  return (
    cell.querySelector<HTMLElement>('input:checked:not(:disabled)') ??
    cell.querySelector<HTMLElement>('input:not(:disabled), button:not(:disabled)')
  );
}

/** The first criterion of the shared scorecard form (its rows take the focus themselves), else its first control. */
export function firstCriterionRow(root: ParentNode): HTMLElement | null {
  return root.querySelector<HTMLElement>('[data-criterion][tabindex="0"]') ?? firstCriterionControl(root);
}

/** The index of the next area from `from` (-1: in none, so the first, or the last going back). */
export function nextAreaIndex(from: number, count: number, back: boolean): number {
  if (count <= 0) return -1;
  if (from < 0) return back ? count - 1 : 0;
  return (from + (back ? count - 1 : 1)) % count;
}

/** The area holding an element: the first that holds it, in the order given (-1: none). */
export function areaIndexOf(areas: readonly TFocusAreaSpec[], element: Element | null): number {
  return element === null ? -1 : areas.findIndex((area) => area.holds(element));
}

/** Moves the focus from where it is to the next area that has something to focus; true when it moved. */
export function cycleFocusAreas(
  root: ParentNode,
  areas: readonly TFocusAreaSpec[],
  active: Element | null,
  back: boolean,
): boolean {
  let index = areaIndexOf(areas, active);
  for (let tries = 0; tries < areas.length; tries += 1) {
    index = nextAreaIndex(index, areas.length, back);
    const target = areas[index]?.control(root) ?? null;
    if (target !== null) {
      target.focus();
      return true;
    }
  }
  return false;
}

export type TScoringKey = { kind: 'cycle'; back: boolean } | { kind: 'submit' } | null;

/** What a key press asks of a scoring screen (F6 / Shift+F6, Ctrl+Enter or ⌘+Enter), or null. */
export function scoringKey(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>,
): TScoringKey {
  if (event.key === 'F6' && !event.ctrlKey && !event.metaKey && !event.altKey)
    return { kind: 'cycle', back: event.shiftKey };
  if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !event.altKey) return { kind: 'submit' };
  return null;
}

/** True while a dialog is open (it owns the keyboard). */
export function dialogOpen(doc: Document = document): boolean {
  return doc.querySelector('[role="dialog"]') !== null;
}

/**
 * The screen's keys while it is shown: F6 cycles `areas` (read when the key is pressed), Ctrl+Enter calls `submit`.
 * Neither fires while a dialog is open.
 */
export function useScoringKeys(areas: readonly TFocusAreaSpec[], submit: () => void): void {
  const latest = useRef({ areas, submit });
  useEffect(() => {
    latest.current = { areas, submit };
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const wanted = scoringKey(event);
      if (wanted === null || event.defaultPrevented || dialogOpen()) return;
      event.preventDefault();
      if (wanted.kind === 'cycle') cycleFocusAreas(document, latest.current.areas, document.activeElement, wanted.back);
      else latest.current.submit();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
