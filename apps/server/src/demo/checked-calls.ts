// The demo's two calls made to show the automatic checks (issue 19): a mono call where the agent puts the customer on
// hold for about 40 s (a hold over HOLD_SECONDS), and a stereo call (agent left, customer right) where the customer
// speaks over the agent twice. Made in code (speech-like.ts), so `npm run demo` needs no espeak-ng; the turns are the
// truth the test checks the analysis against.
import type { TTimeSpan } from '@crm/shared';
import { encodeWavChannels } from '../modules/voicelog/wav.ts';
import { AGENT_VOICE, CUSTOMER_VOICE, renderTurns, type TTurn, type TVoice } from './speech-like.ts';

export type TCheckedCallStyle = 'hold' | 'overtalk';

export const CHECKED_CALL_RATE = 8000;

type TCheckedCall = {
  seconds: number;
  /** Per channel (one for mono), the turns spoken on it. */
  channels: readonly (readonly TTurn[])[];
};

const turn = (startSec: number, endSec: number, voice: TVoice): TTurn => ({ startSec, endSec, voice });

/**
 * The hold call, one channel: greeting, the customer's question, "please hold", 40.5 s of silence, the answer and the
 * goodbyes. The hold runs from 9.3 s to 49.8 s.
 */
const HOLD_CALL: TCheckedCall = {
  seconds: 62,
  channels: [
    [
      turn(0.4, 3.9, AGENT_VOICE),
      turn(4.5, 6.6, CUSTOMER_VOICE),
      turn(7.2, 9.3, AGENT_VOICE),
      turn(49.8, 54.6, AGENT_VOICE),
      turn(55.2, 57.4, CUSTOMER_VOICE),
      turn(58.0, 60.6, AGENT_VOICE),
    ],
  ],
};

/**
 * The overtalk call: agent left, customer right. The customer cuts in twice while the agent is still speaking
 * (5.0–6.2 s and 12.0–13.6 s); the agent has about two thirds of the talk, as on a survey call.
 */
const OVERTALK_CALL: TCheckedCall = {
  seconds: 31,
  channels: [
    [
      turn(0.5, 6.2, AGENT_VOICE),
      turn(8.4, 13.6, AGENT_VOICE),
      turn(15.2, 21.0, AGENT_VOICE),
      turn(23.6, 26.4, AGENT_VOICE),
      turn(29.0, 30.2, AGENT_VOICE),
    ],
    [
      turn(5.0, 7.8, CUSTOMER_VOICE),
      turn(12.0, 14.6, CUSTOMER_VOICE),
      turn(21.6, 23.0, CUSTOMER_VOICE),
      turn(27.0, 28.4, CUSTOMER_VOICE),
    ],
  ],
};

const CALLS: Record<TCheckedCallStyle, TCheckedCall> = { hold: HOLD_CALL, overtalk: OVERTALK_CALL };

/** The call's length in whole seconds. */
export const checkedCallSeconds = (style: TCheckedCallStyle): number => CALLS[style].seconds;

/** The call as a 16-bit WAV file at CHECKED_CALL_RATE (mono for the hold call, stereo for the overtalk call). */
export function renderCheckedCall(style: TCheckedCallStyle): Buffer {
  const call = CALLS[style];
  const channels = call.channels.map((turns, c) =>
    renderTurns(turns, call.seconds, CHECKED_CALL_RATE, (style === 'hold' ? 101 : 202) + c),
  );
  return encodeWavChannels(channels, CHECKED_CALL_RATE);
}

/** The truth of a call: where each channel speaks, the silences where nobody does, and where both speak at once. */
export function checkedCallTruth(style: TCheckedCallStyle): {
  speech: TTimeSpan[][];
  overlaps: TTimeSpan[];
  longestGap: TTimeSpan;
} {
  const call = CALLS[style];
  const speech = call.channels.map((turns) => turns.map(({ startSec, endSec }) => ({ startSec, endSec })));
  const overlaps: TTimeSpan[] = [];
  for (const a of speech[0] ?? []) {
    for (const b of speech[1] ?? []) {
      const startSec = Math.max(a.startSec, b.startSec);
      const endSec = Math.min(a.endSec, b.endSec);
      if (endSec > startSec) overlaps.push({ startSec, endSec });
    }
  }
  // Dead air: the gaps between the turns of all channels together.
  const all = speech.flat().sort((a, b) => a.startSec - b.startSec);
  let longestGap: TTimeSpan = { startSec: 0, endSec: 0 };
  let end = 0;
  for (const s of all) {
    if (s.startSec - end > longestGap.endSec - longestGap.startSec) longestGap = { startSec: end, endSec: s.startSec };
    end = Math.max(end, s.endSec);
  }
  return { speech, overlaps: overlaps.sort((a, b) => a.startSec - b.startSec), longestGap };
}
