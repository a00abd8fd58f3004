// The scoring player's automatic checks: the chips and the waveform of the recording playing, its playhead following
// the audio, and a click on the waveform seeking it. Its own component so the playhead's four updates a second
// re-render only this, not the player and what it holds.
import { useCallback, useEffect, useState, type RefObject } from 'react';
import { useRecordingAnalysis } from './api.ts';
import { RecordingChecks } from './RecordingChecks.tsx';
import { publishPlayerLink, withdrawPlayerLink, type TPlayerLink } from './player-link.ts';

/** Moves the player's audio (false: none loaded yet). */
function seekAudioIn(box: RefObject<HTMLElement | null>, seconds: number): boolean {
  const audio = box.current?.querySelector('audio');
  if (audio === null || audio === undefined) return false;
  audio.currentTime = seconds;
  return true;
}

type Props = {
  recording: { date: string; fileName: string };
  /** Holds the player's <audio>. */
  box: RefObject<HTMLElement | null>;
};

export function ScoringChecks({ recording, box }: Props) {
  const analysis = useRecordingAnalysis(recording);
  const [currentSec, setCurrentSec] = useState(0);

  // Media events do not bubble: they are heard on the way down, from whichever <audio> the player makes.
  useEffect(() => {
    const element = box.current;
    if (element === null) return;
    const follow = (event: Event) => {
      if (event.target instanceof HTMLMediaElement) setCurrentSec(event.target.currentTime);
    };
    const events = ['timeupdate', 'seeked', 'loadedmetadata', 'emptied'] as const;
    for (const name of events) element.addEventListener(name, follow, true);
    return () => {
      for (const name of events) element.removeEventListener(name, follow, true);
    };
  }, [box]);

  const seek = useCallback(
    (seconds: number) => {
      if (seekAudioIn(box, seconds)) setCurrentSec(seconds);
    },
    [box],
  );

  const reply = analysis.data;
  useEffect(() => {
    const link: TPlayerLink = { analysis: reply, seek };
    publishPlayerLink(link);
    return () => withdrawPlayerLink(link);
  }, [reply, seek]);

  return <RecordingChecks analysis={analysis} currentSec={currentSec} onSeek={seek} />;
}
