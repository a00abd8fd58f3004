// Where the keyboard goes on the QC panel (docs/scorecards.md, QC panel): after a claim or a search, the first
// criterion; F6 (Shift+F6 back) moves between the player, the scorecard and the suggestion box; Ctrl+Enter is
// "Submit and next" (Submit when the call was not opened from the queue). The keys and the cycle are the shared ones
// of components/scorecard/scoring-keys.ts (calibration uses them too); the panel names its three areas here.
import {
  cycleFocusAreas,
  firstCriterionControl,
  inPlayer,
  nextAreaIndex,
  playerControl,
  scoringKey,
  type TFocusAreaSpec,
} from '../../../components/scorecard/scoring-keys.ts';

export const PANEL_KEYS_NOTE =
  'F6 moves between the player, the scorecard and the suggestion; Ctrl+Enter submits and opens the next call.';
export const PANEL_KEYS_NOTE_NO_QUEUE =
  'F6 moves between the player, the scorecard and the suggestion; Ctrl+Enter submits.';

export { firstCriterionControl };

/** The three places F6 visits, in order. */
export const FOCUS_AREAS = ['player', 'scorecard', 'suggestion'] as const;
export type TFocusArea = (typeof FOCUS_AREAS)[number];

const RATING = 'section[aria-label="QC Rating"]';

function isSuggestion(element: Element): boolean {
  return element instanceof HTMLTextAreaElement && /uggestion$/.test(element.getAttribute('aria-label') ?? '');
}

/** The panel's areas for the shared F6 cycle (the suggestion box is told apart before the rest of QC Rating). */
const PANEL_AREAS: readonly TFocusAreaSpec<TFocusArea>[] = [
  { name: 'player', control: playerControl, holds: inPlayer },
  {
    name: 'scorecard',
    control: (root) => {
      const rating = root.querySelector(RATING);
      return rating === null ? null : firstCriterionControl(rating);
    },
    holds: (element) => !isSuggestion(element) && element.closest(RATING) !== null,
  },
  {
    name: 'suggestion',
    control: (root) => root.querySelector<HTMLElement>(`${RATING} textarea[aria-label$="uggestion"]:not(:disabled)`),
    holds: isSuggestion,
  },
];

/** The element F6 lands on in an area of the panel, or null when the area has nothing to focus yet. */
export function areaControl(root: ParentNode, area: TFocusArea): HTMLElement | null {
  return PANEL_AREAS[FOCUS_AREAS.indexOf(area)]?.control(root) ?? null;
}

/** The area holding an element (null: none of the three). */
export function areaOf(element: Element | null): TFocusArea | null {
  if (element === null) return null;
  return PANEL_AREAS.find((area) => area.holds(element))?.name ?? null;
}

/** The next area F6 (or Shift+F6) goes to from where the focus is: the player first when it is in none. */
export function nextArea(from: TFocusArea | null, back: boolean): TFocusArea {
  const index = from === null ? -1 : FOCUS_AREAS.indexOf(from);
  return FOCUS_AREAS[nextAreaIndex(index, FOCUS_AREAS.length, back)] ?? 'player';
}

/** Moves the focus from where it is to the next area that has something to focus; true when it moved. */
export function cycleFocus(root: ParentNode, active: Element | null, back: boolean): boolean {
  return cycleFocusAreas(root, PANEL_AREAS, active, back);
}

export type TPanelKey = { kind: 'cycle'; back: boolean } | { kind: 'submitNext' } | null;

/** What a key press asks of the panel (F6 / Shift+F6, Ctrl+Enter or ⌘+Enter), or null. */
export function panelKey(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>): TPanelKey {
  const wanted = scoringKey(event);
  return wanted?.kind === 'submit' ? { kind: 'submitNext' } : wanted;
}
