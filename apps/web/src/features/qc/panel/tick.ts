// The successful-call tick of the QC panel (docs/product.md §4 QC panel audio tick): grey until the chosen recording's length is
// known, then a click marks the call successful and that length is the duration recorded. Choosing another recording
// starts over (the older screen kept the tick green across recordings and recorded the wrong file's length).
import { QC_MESSAGES } from '@crm/shared';

export type TTick =
  | { kind: 'none' }
  /** A recording is chosen; its length is not known yet. */
  | { kind: 'loading'; fileName: string }
  | { kind: 'ready'; fileName: string; seconds: number }
  | { kind: 'ticked'; fileName: string; seconds: number };

export const NO_TICK: TTick = { kind: 'none' };

/** Another recording chosen: the tick starts over. The same one again keeps what it had. */
export function chooseRecording(tick: TTick, fileName: string): TTick {
  if (tick.kind !== 'none' && tick.fileName === fileName) return tick;
  return { kind: 'loading', fileName };
}

/** The player's length report; one for a recording no longer chosen is ignored. */
export function metadataLoaded(tick: TTick, fileName: string, seconds: number): TTick {
  if (tick.kind !== 'loading' || tick.fileName !== fileName) return tick;
  return { kind: 'ready', fileName, seconds };
}

/** A click on the tick: what it becomes and the message to show (null: none). A green tick clicked again clears. */
export function clickTick(tick: TTick): { tick: TTick; message: string | null } {
  switch (tick.kind) {
    case 'none':
    case 'loading':
      return { tick, message: QC_MESSAGES.durationNotAvailable };
    case 'ready':
      return {
        tick: { kind: 'ticked', fileName: tick.fileName, seconds: tick.seconds },
        message: QC_MESSAGES.successfulCall,
      };
    case 'ticked':
      return { tick: { kind: 'ready', fileName: tick.fileName, seconds: tick.seconds }, message: null };
  }
}

/** What a submitted record keeps of the call: the ticked recording and its length, or nothing. */
export function successfulCall(tick: TTick): { fileName: string; seconds: number } | null {
  return tick.kind === 'ticked' ? { fileName: tick.fileName, seconds: tick.seconds } : null;
}

/** What Submit does with the recording, in words, under the scorecard. */
export function linkNote(tick: TTick): string {
  const call = successfulCall(tick);
  return call === null
    ? 'No recording is marked successful: the records are saved without a recording or duration.'
    : `The recording ${call.fileName} (${call.seconds} seconds) is linked to both records.`;
}
