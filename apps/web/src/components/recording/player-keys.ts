// The scoring player's keyboard (Space play/pause, ←/→ seek 5 s, [ and ] slower and faster) and its speeds, which
// the browser remembers from one call to the next. Keys never fire while the inspector types in a text field.

export const SPEEDS = [1, 1.25, 1.5, 2] as const;
export type TSpeed = (typeof SPEEDS)[number];

export const SPEED_STORAGE_KEY = 'crm.qc-player-speed';
export const SEEK_SECONDS = 5;

/** A remembered speed, or 1× for anything else (nothing stored, an older or edited value). */
export function parseSpeed(stored: string | null | undefined): TSpeed {
  const value = Number(stored);
  return SPEEDS.find((s) => s === value) ?? 1;
}

/** The next speed up (step 1) or down (step -1), staying at the ends. */
export function stepSpeed(speed: TSpeed, step: 1 | -1): TSpeed {
  const index = SPEEDS.indexOf(speed);
  return SPEEDS[Math.min(SPEEDS.length - 1, Math.max(0, index + step))] ?? speed;
}

export function speedLabel(speed: TSpeed): string {
  return `${speed}×`;
}

/** Input types a key press does not type into. */
const UNTYPED_INPUTS = new Set(['radio', 'checkbox', 'button', 'submit', 'reset', 'range', 'file', 'color', 'image']);

/** True when the key goes into a text field (or a select, or a combobox): the shortcuts leave it alone. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return !UNTYPED_INPUTS.has(target.type);
  if (target instanceof HTMLElement && target.isContentEditable) return true;
  return target.closest('[contenteditable="true"], [contenteditable=""], [role="textbox"], [role="combobox"]') !== null;
}

export type TPlayerKey = { kind: 'toggle' } | { kind: 'seek'; seconds: number } | { kind: 'speed'; step: 1 | -1 };

/** What a key press asks of the player, or null when it is not a player key or belongs to something else. */
export function playerKey(
  event: Pick<KeyboardEvent, 'key' | 'altKey' | 'ctrlKey' | 'metaKey' | 'target' | 'defaultPrevented'>,
): TPlayerKey | null {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTypingTarget(event.target))
    return null;
  // A dialog (a confirmation) owns the keyboard while it is open.
  if (event.target instanceof Element && event.target.closest('[role="dialog"], [aria-modal="true"]') !== null)
    return null;
  switch (event.key) {
    case ' ':
      return { kind: 'toggle' };
    case 'ArrowLeft':
      return { kind: 'seek', seconds: -SEEK_SECONDS };
    case 'ArrowRight':
      return { kind: 'seek', seconds: SEEK_SECONDS };
    case '[':
      return { kind: 'speed', step: -1 };
    case ']':
      return { kind: 'speed', step: 1 };
    default:
      return null;
  }
}
