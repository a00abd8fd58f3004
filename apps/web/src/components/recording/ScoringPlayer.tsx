// The player of the call being scored (QC panel, QC record edit pages, calibration): the voice log's player of the
// chosen recording, playback speed buttons, and the page's keyboard while it is shown (Space, ←/→, [ and ], see
// player-keys.ts). The speed is remembered in the browser, so the next call (or the next page) plays at the speed the
// inspector chose. Under it, the recording's automatic checks: the chips and the waveform with dead air, holds and
// overtalk shaded (a click seeks there).
import { useContext, useEffect, useRef, type CSSProperties, type ReactNode } from 'react';
import { Box, Group, Paper, SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { SessionContext } from '../../app/session.ts';
import { RecordingPlayer } from './RecordingPlayer.tsx';
import { ScoringChecks } from './ScoringChecks.tsx';
import { parseSpeed, playerKey, SPEED_STORAGE_KEY, SPEEDS, speedLabel, stepSpeed, type TSpeed } from './player-keys.ts';

export type TRecordingRef = { date: string; fileName: string };

/** Keeps a block in view under the app's top bar while the page scrolls (the player, over the scorecard). */
export const STICKY_TOP: CSSProperties = {
  position: 'sticky',
  top: 'calc(var(--app-shell-header-offset, 0px) + 8px)',
  zIndex: 3,
};

export const PLAYER_KEYS_NOTE = 'Space plays or pauses, ←/→ seek 5 s, [ and ] change the speed.';

type Props = {
  recording: TRecordingRef | null;
  /**
   * Plays as soon as it can (the inspector chose it with a Play button). 'setting': as the inspector's Autoplay switch
   * says (shown on the player, remembered per user in this browser).
   */
  autoPlay?: boolean | 'setting';
  onMetadata?: (fileName: string, wholeSeconds: number) => void;
  /** Said while no recording is chosen. */
  empty: string;
  /** Under the player (the successful-call tick). */
  children?: ReactNode;
  style?: CSSProperties;
};

export function usePlaybackSpeed(): [TSpeed, (next: TSpeed) => void] {
  const [speed, setSpeed] = useLocalStorage<TSpeed>({
    key: SPEED_STORAGE_KEY,
    defaultValue: 1,
    getInitialValueInEffect: false,
    serialize: String,
    deserialize: parseSpeed,
  });
  return [speed, setSpeed];
}

/**
 * The <audio> the voice log's player owns, found in the box around it: the player is shared with screens that have
 * no speed or keys, and the media element's own API (play, pause, currentTime, playbackRate) is all these need.
 */
function audioIn(box: HTMLElement | null): HTMLAudioElement | null {
  return box?.querySelector('audio') ?? null;
}

function setRate(audio: HTMLMediaElement, speed: TSpeed) {
  // The default survives a reload of the source (a fresh media token); the rate is what plays now.
  audio.defaultPlaybackRate = speed;
  audio.playbackRate = speed;
}

/** The Autoplay switch of the inspector signed in (on until they turn it off), remembered in this browser. */
export function useAutoplay(): [boolean, (next: boolean) => void] {
  // Read without requiring a session (the player is also shown where none is provided, as in its own tests).
  const session = useContext(SessionContext)?.session;
  const [on, setOn] = useLocalStorage<boolean>({
    key: `crm.qc-autoplay.${session?.user.userName ?? ''}`,
    defaultValue: true,
    getInitialValueInEffect: false,
    serialize: (value) => (value ? 'on' : 'off'),
    deserialize: (stored) => stored !== 'off',
  });
  return [on, setOn];
}

export function ScoringPlayer({ recording, autoPlay = false, onMetadata, empty, children, style }: Props) {
  const [speed, setSpeed] = usePlaybackSpeed();
  const [autoplayOn, setAutoplayOn] = useAutoplay();
  const plays = autoPlay === 'setting' ? autoplayOn : autoPlay;
  const box = useRef<HTMLDivElement>(null);
  // The keys step from the speed on screen (the storage hook's own updater form reports its result a tick late).
  const latestSpeed = useRef(speed);
  useEffect(() => {
    latestSpeed.current = speed;
  }, [speed]);

  // Every audio element the player makes (a new recording, a reload) plays at the chosen speed. Media events do not
  // bubble: they are heard on the way down.
  useEffect(() => {
    const element = box.current;
    if (element === null) return;
    const current = audioIn(element);
    if (current !== null) setRate(current, speed);
    const apply = (event: Event) => {
      if (event.target instanceof HTMLMediaElement) setRate(event.target, speed);
    };
    element.addEventListener('loadedmetadata', apply, true);
    element.addEventListener('play', apply, true);
    return () => {
      element.removeEventListener('loadedmetadata', apply, true);
      element.removeEventListener('play', apply, true);
    };
  }, [speed]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const action = playerKey(event);
      if (action === null) return;
      if (action.kind === 'speed') {
        event.preventDefault();
        const next = stepSpeed(latestSpeed.current, action.step);
        latestSpeed.current = next;
        setSpeed(next);
        return;
      }
      const audio = audioIn(box.current);
      if (audio === null) return;
      event.preventDefault();
      if (action.kind === 'toggle') {
        if (event.repeat) return;
        if (audio.paused) audio.play().catch(() => undefined);
        else audio.pause();
      } else {
        const end = Number.isFinite(audio.duration) ? audio.duration : Number.POSITIVE_INFINITY;
        audio.currentTime = Math.min(end, Math.max(0, audio.currentTime + action.seconds));
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [setSpeed]);

  return (
    <Paper withBorder p="xs" radius="md" shadow="xs" component="section" aria-label="Player" style={style}>
      <Stack gap={6}>
        <Group gap="sm" wrap="nowrap" align="flex-end">
          <Box ref={box} style={{ flex: 1, minWidth: 0 }}>
            {recording === null ? (
              <Text size="sm" c="dimmed" py={6}>
                {empty}
              </Text>
            ) : (
              <RecordingPlayer
                date={recording.date}
                fileName={recording.fileName}
                label={`Recording ${recording.fileName}`}
                autoPlay={plays}
                onMetadata={(seconds) => onMetadata?.(recording.fileName, seconds)}
              />
            )}
          </Box>
          {autoPlay === 'setting' && (
            <Switch
              size="xs"
              label="Autoplay"
              checked={autoplayOn}
              onChange={(event) => setAutoplayOn(event.currentTarget.checked)}
              style={{ flexShrink: 0 }}
            />
          )}
          <SegmentedControl
            size="xs"
            aria-label="Playback speed"
            aria-keyshortcuts="[ ]"
            value={String(speed)}
            onChange={(value) => setSpeed(parseSpeed(value))}
            data={SPEEDS.map((s) => ({ value: String(s), label: speedLabel(s) }))}
          />
        </Group>
        {recording !== null && (
          <ScoringChecks key={`${recording.date}/${recording.fileName}`} recording={recording} box={box} />
        )}
        {children}
      </Stack>
    </Paper>
  );
}
