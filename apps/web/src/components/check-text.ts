// The words of a recording's automatic checks (docs/guide/voicelog.md, Automatic checks): the chips of the player, the search results
// and the QC queue ("Dead air 42 s · longest silence 31 s · agent talk 38 % · overtalk 3×"), each named so it reads
// alone, with a hint of what it measures; and times written as the player shows them.
import { ANALYSIS_MESSAGES, type TRecordingChecks } from '@crm/shared';

/**
 * A clipping share worth a warning: a few samples at full scale are normal in a loud call; one in a thousand is
 * distortion a listener hears.
 */
export const CLIPPING_WARNING_SHARE = 0.001;

export type TChipTone = 'plain' | 'hold' | 'warning' | 'pending' | 'unreadable';

/** `hint`: what the chip measures, in a sentence (the chip's tooltip). */
export type TCheckChip = { key: string; text: string; tone: TChipTone; hint?: string };

/** Whole seconds, or tenths below ten seconds (a 1.4 s overtalk is not "1 s"): 42 → '42 s', 2.44 → '2.4 s'. */
export function secondsText(seconds: number): string {
  if (seconds >= 9.95) return `${Math.round(seconds)} s`;
  const tenths = Math.round(seconds * 10) / 10;
  return `${Number.isInteger(tenths) ? tenths.toFixed(0) : tenths.toFixed(1)} s`;
}

/** Where in the call, rounded down as the player's clock: 134 → '02:14', 3725 → '1:02:05'. */
export function clockAt(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const mm = String(Math.floor((whole % 3600) / 60)).padStart(2, '0');
  const ss = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

const percent = (share: number) => Math.round(share * 100);

/** The chips of a recording's checks, in the order they are read. */
export function checkChips(checks: TRecordingChecks): TCheckChip[] {
  if (checks.status === 'pending') return [{ key: 'pending', text: ANALYSIS_MESSAGES.pending, tone: 'pending' }];
  if (checks.status === 'unreadable')
    return [
      {
        key: 'unreadable',
        text: `Unreadable: ${checks.reason ?? 'the recording could not be decoded'}`,
        tone: 'unreadable',
      },
    ];
  const chips: TCheckChip[] = [];
  const deadAir = checks.deadAir;
  if (deadAir !== undefined) {
    chips.push({
      key: 'deadAir',
      text: `Dead air ${secondsText(deadAir.totalSec)}`,
      tone: 'plain',
      hint: 'Where nobody speaks, added up over the whole call',
    });
    chips.push({
      key: 'longest',
      text: `Longest silence ${secondsText(deadAir.longestSec)}`,
      tone: 'plain',
      hint: 'The longest single stretch where nobody speaks',
    });
  }
  if (checks.talkRatio !== undefined) {
    chips.push({
      key: 'talkRatio',
      text: `Agent talk ${percent(checks.talkRatio)} %`,
      tone: 'plain',
      hint: 'The agent’s share of the talk (talk ratio)',
    });
  }
  if (checks.overtalk !== undefined) {
    chips.push({
      key: 'overtalk',
      text: `Overtalk ${checks.overtalk.count}×`,
      tone: 'plain',
      hint: 'Times both spoke at once for 0.3 s or more',
    });
  }
  const holds = deadAir?.holds ?? [];
  if (holds.length > 0) {
    const longest = Math.max(...holds.map((h) => h.endSec - h.startSec));
    const text =
      holds.length === 1 ? `Hold ${secondsText(longest)}` : `${holds.length} holds, longest ${secondsText(longest)}`;
    chips.push({
      key: 'holds',
      text,
      tone: 'hold',
      hint: `Silences longer than the hold limit of ${secondsText(checks.holdSeconds)}`,
    });
  }
  if (checks.tooQuiet)
    chips.push({ key: 'tooQuiet', text: 'Too quiet', tone: 'warning', hint: 'Speech below −40 dBFS: hard to hear' });
  if (checks.clippingShare >= CLIPPING_WARNING_SHARE) {
    chips.push({
      key: 'clipping',
      text: `Clipping ${(checks.clippingShare * 100).toFixed(1)} %`,
      tone: 'warning',
      hint: 'Share of samples at full scale: distorted sound',
    });
  }
  return chips;
}

/** The checks in one line, as the issue writes them (the chips' accessible name). */
export function checkSummary(checks: TRecordingChecks): string {
  return checkChips(checks)
    .map((chip, i) =>
      i === 0 || chip.tone !== 'plain' ? chip.text : chip.text.charAt(0).toLowerCase() + chip.text.slice(1),
    )
    .join(' · ');
}
