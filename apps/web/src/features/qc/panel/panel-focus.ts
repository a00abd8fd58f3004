// Where the keyboard goes on the QC panel (docs/scorecards.md, QC panel): after a claim or a search, the first
// criterion; F6 (Shift+F6 back) moves between the player, the scorecard and the suggestion box; Ctrl+Enter is
// "Submit and next" (Submit when the call was not opened from the queue).

export const PANEL_KEYS_NOTE =
  'F6 moves between the player, the scorecard and the suggestion; Ctrl+Enter submits and opens the next call.';
export const PANEL_KEYS_NOTE_NO_QUEUE =
  'F6 moves between the player, the scorecard and the suggestion; Ctrl+Enter submits.';

/** The three places F6 visits, in order. */
export const FOCUS_AREAS = ['player', 'scorecard', 'suggestion'] as const;
export type TFocusArea = (typeof FOCUS_AREAS)[number];

/** The criterion control to focus in a scorecard: the first criterion's chosen mark, else its first enabled choice. */
export function firstCriterionControl(root: ParentNode): HTMLElement | null {
  const cell = root.querySelector('[data-criterion]');
  if (cell === null) return null;
  return (
    cell.querySelector<HTMLElement>('input:checked:not(:disabled)') ??
    cell.querySelector<HTMLElement>('input:not(:disabled), button:not(:disabled)')
  );
}

/** The element F6 lands on in an area of the panel, or null when the area has nothing to focus yet. */
export function areaControl(root: ParentNode, area: TFocusArea): HTMLElement | null {
  switch (area) {
    case 'player':
      return root.querySelector<HTMLElement>(
        'section[aria-label="Player"] button:not(:disabled), section[aria-label="Player"] [role="slider"]',
      );
    case 'scorecard': {
      const rating = root.querySelector('section[aria-label="QC Rating"]');
      return rating === null ? null : firstCriterionControl(rating);
    }
    case 'suggestion':
      return root.querySelector<HTMLElement>(
        'section[aria-label="QC Rating"] textarea[aria-label$="uggestion"]:not(:disabled)',
      );
  }
}

/** The area holding an element (null: none of the three). */
export function areaOf(element: Element | null): TFocusArea | null {
  if (element === null) return null;
  if (element.closest('section[aria-label="Player"]') !== null) return 'player';
  if (element instanceof HTMLTextAreaElement && /uggestion$/.test(element.getAttribute('aria-label') ?? ''))
    return 'suggestion';
  if (element.closest('section[aria-label="QC Rating"]') !== null) return 'scorecard';
  return null;
}

/** The next area F6 (or Shift+F6) goes to from where the focus is: the player first when it is in none. */
export function nextArea(from: TFocusArea | null, back: boolean): TFocusArea {
  if (from === null) return back ? 'suggestion' : 'player';
  const index = FOCUS_AREAS.indexOf(from);
  const step = back ? FOCUS_AREAS.length - 1 : 1;
  return FOCUS_AREAS[(index + step) % FOCUS_AREAS.length] ?? 'player';
}

/** Moves the focus from where it is to the next area that has something to focus; true when it moved. */
export function cycleFocus(root: ParentNode, active: Element | null, back: boolean): boolean {
  let area = areaOf(active);
  for (let tries = 0; tries < FOCUS_AREAS.length; tries += 1) {
    area = nextArea(area, back);
    const target = areaControl(root, area);
    if (target !== null) {
      target.focus();
      return true;
    }
  }
  return false;
}

export type TPanelKey = { kind: 'cycle'; back: boolean } | { kind: 'submitNext' } | null;

/** What a key press asks of the panel (F6 / Shift+F6, Ctrl+Enter or ⌘+Enter), or null. */
export function panelKey(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>): TPanelKey {
  if (event.key === 'F6' && !event.ctrlKey && !event.metaKey && !event.altKey)
    return { kind: 'cycle', back: event.shiftKey };
  if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !event.altKey) return { kind: 'submitNext' };
  return null;
}
