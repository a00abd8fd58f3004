// What the scoring player on screen plays, for the scorecard rows that point into it (the Hold Process hint): the
// recording's analysis and a seek. The player and the scorecard are siblings on the QC panel, so the player
// publishes here rather than through every screen that places both; there is one scoring player on a screen.
import { useSyncExternalStore } from 'react';
import type { TRecordingAnalysisReply } from '@crm/shared';

export type TPlayerLink = {
  analysis: TRecordingAnalysisReply | undefined;
  /** Moves the player's audio to this second of the recording. */
  seek: (seconds: number) => void;
};

let current: TPlayerLink | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The player shows this now (null: no recording). */
export function publishPlayerLink(link: TPlayerLink | null): void {
  current = link;
  for (const listener of listeners) listener();
}

/** Clears the link, unless something newer has been published since. */
export function withdrawPlayerLink(link: TPlayerLink): void {
  if (current === link) publishPlayerLink(null);
}

export function usePlayerLink(): TPlayerLink | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
