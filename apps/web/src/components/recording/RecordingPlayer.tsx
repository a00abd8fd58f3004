// One recording of the voice log ({date}/{fileName}) with Play/Pause, a seek slider and its time; shared by the QC
// panel, the agent's QC review and the raised flags. The audio URL carries a media token; a URL whose token ran out
// meanwhile (a long pause, then a seek) is reloaded with a fresh one at the same place instead of failing.
import { useEffect, useRef, useState, type JSX } from 'react';
import { ActionIcon, Alert, Button, Group, Loader, Slider, Stack, Text } from '@mantine/core';
import { clientRecordingPath, recordingUrl, type TMediaToken } from '@crm/shared';
import { isTokenExpired, useMediaToken } from './api.ts';

export const RECORDING_LOAD_FAILED = 'The recording could not be loaded';

/** A voice-log recording by its folder and name, or a client QC record's recording by the record's id (a client's). */
export type TRecordingSource =
  | {
      /** The call date, yyyy-MM-dd: the recording's folder. */
      date: string;
      fileName: string;
    }
  | { clientQcRecordId: number };

export type TRecordingPlayerProps = TRecordingSource & {
  /** Names the player for screen readers and, unless compact, shows above it. */
  label?: string;
  /** Once per recording, when its length is known: whole seconds, rounded down. */
  onMetadata?: (wholeSeconds: number) => void;
  /** A single row for tables: no caption, a short slider. */
  compact?: boolean;
  /** Starts playing as soon as the recording can play (the user chose it with a Play button elsewhere). */
  autoPlay?: boolean;
};

/** 75 → '1:15', 3675 → '1:01:15'. */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

// Only one recording plays at a time: starting one pauses the one playing before.
let playingNow: HTMLAudioElement | null = null;

function PlayIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" fill="currentColor">
      <path d="M4 2.5v11l9-5.5z" />
    </svg>
  );
}

function PauseIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" fill="currentColor">
      <path d="M3.5 2.5h3v11h-3zM9.5 2.5h3v11h-3z" />
    </svg>
  );
}

/** The source's address with the media token, and a key that changes with the recording. */
function addressOf(source: TRecordingSource, token: string): string {
  return 'clientQcRecordId' in source
    ? `${clientRecordingPath(source.clientQcRecordId)}?${new URLSearchParams({ token }).toString()}`
    : recordingUrl(source.date, source.fileName, token);
}
const keyOf = (source: TRecordingSource) =>
  'clientQcRecordId' in source ? `client-record/${source.clientQcRecordId}` : `${source.date}/${source.fileName}`;

export function RecordingPlayer(props: TRecordingPlayerProps): JSX.Element {
  // A new recording starts from a clean state (time, length, errors, the metadata report).
  return <Player key={keyOf(props)} {...props} />;
}

type TResume = { time: number; play: boolean };

function Player(props: TRecordingPlayerProps): JSX.Element {
  const { label, onMetadata, compact = false, autoPlay = false } = props;
  const token = useMediaToken();
  const audio = useRef<HTMLAudioElement>(null);
  // The token the audio URL was made with: kept while it works, so a token refresh does not restart the audio.
  const [pinned, setPinned] = useState<TMediaToken | undefined>(token.data);
  const [duration, setDuration] = useState<number | null>(null);
  const [current, setCurrent] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [failed, setFailed] = useState(false);
  // Set while the URL is being remade with a fresh token: where to carry on.
  const [resume, setResume] = useState<TResume | null>(null);
  const reported = useRef(false);
  const autoPlayed = useRef(false);
  // One reload with a freshly fetched token per failure: a token that ran out (or a clock that is off) is
  // recovered from; a second failure in a row is the recording's own and is shown.
  const reloaded = useRef(false);

  const fresh = token.data !== undefined && !isTokenExpired(token.data) ? token.data : undefined;
  if (pinned === undefined && fresh !== undefined) setPinned(fresh);

  const { refetch } = token;
  useEffect(() => {
    // An expired token in the cache (a tab asleep past its refresh) is replaced before the first load.
    // A failed refresh is shown with a Try again button rather than repeated.
    if (
      pinned === undefined &&
      token.data !== undefined &&
      fresh === undefined &&
      !token.isFetching &&
      token.error === null
    )
      void refetch();
  }, [pinned, token.data, fresh, token.isFetching, token.error, refetch]);

  // The browser pauses a removed <audio>; forget it so it is not held on to.
  useEffect(
    () => () => {
      if (playingNow?.isConnected === false) playingNow = null;
    },
    [],
  );

  const src = pinned === undefined ? undefined : addressOf(props, pinned.token);
  const name = label ?? ('fileName' in props ? `Recording ${props.fileName}` : 'Recording');

  const readDuration = (element: HTMLAudioElement) => {
    if (!Number.isFinite(element.duration)) return;
    setDuration(element.duration);
    if (!reported.current) {
      reported.current = true;
      onMetadata?.(Math.floor(element.duration));
    }
  };

  const start = (element: HTMLAudioElement) => {
    // A refused start (autoplay rules) leaves the Play button for the user; a load failure shows through onError.
    element.play().catch(() => undefined);
  };

  const onLoadedMetadata = (element: HTMLAudioElement) => {
    reloaded.current = false;
    readDuration(element);
    if (resume !== null) {
      element.currentTime = resume.time;
      if (resume.play) start(element);
      setResume(null);
    } else if (autoPlay && !autoPlayed.current) {
      autoPlayed.current = true;
      start(element);
    }
  };

  /** Remakes the URL with a new token and carries on from `from` once it loads. */
  const reloadWithFreshToken = (from: TResume) => {
    reloaded.current = true;
    setResume(from);
    void refetch().then((result) => {
      if (result.data === undefined) return; // shown as the token problem below
      if (result.data.token !== pinned?.token) setPinned(result.data);
      else audio.current?.load(); // the same token again (issued within the same second): reload the same URL
    });
  };

  const onError = (element: HTMLAudioElement) => {
    if (!reloaded.current) {
      reloadWithFreshToken({ time: element.currentTime, play: playing });
      return;
    }
    setResume(null);
    setFailed(true);
    setPlaying(false);
  };

  const retry = () => {
    setFailed(false);
    reloadWithFreshToken({ time: current, play: false });
  };

  const retryToken = () => {
    if (pinned === undefined) void refetch();
    else reloadWithFreshToken(resume ?? { time: current, play: false });
  };

  const toggle = () => {
    const element = audio.current;
    if (element === null) return;
    if (element.paused) start(element);
    else element.pause();
  };

  const seek = (value: number) => {
    setCurrent(value);
    if (audio.current !== null) audio.current.currentTime = value;
  };

  // No token to (re)make the URL with: the first load, or a reload after the old token ran out.
  const waitingForToken = pinned === undefined || resume !== null;
  const tokenProblem = waitingForToken && token.error !== null && !token.isFetching ? token.error.message : null;
  const ready = src !== undefined && !failed;

  return (
    <Stack gap={compact ? 0 : 4} role="group" aria-label={name}>
      {!compact && (
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {name}
        </Text>
      )}
      {src !== undefined && (
        <audio
          ref={audio}
          src={src}
          // A recording to play at once is fetched whole from the start (its head is often warm in the cache already).
          preload={autoPlay ? 'auto' : 'metadata'}
          onLoadedMetadata={(e) => onLoadedMetadata(e.currentTarget)}
          onDurationChange={(e) => readDuration(e.currentTarget)}
          onTimeUpdate={(e) => setCurrent(e.currentTarget.currentTime)}
          onPlay={(e) => {
            const element = e.currentTarget;
            if (playingNow !== null && playingNow !== element) playingNow.pause();
            playingNow = element;
            setPlaying(true);
          }}
          onPause={() => setPlaying(false)}
          onEnded={() => setPlaying(false)}
          onError={(e) => onError(e.currentTarget)}
        />
      )}
      {tokenProblem !== null ? (
        <Alert color="red" variant="light" p="xs" title={RECORDING_LOAD_FAILED}>
          <Group gap="xs">
            <Text size="sm">{tokenProblem}</Text>
            <Button size="compact-xs" variant="light" onClick={retryToken}>
              Try again
            </Button>
          </Group>
        </Alert>
      ) : failed ? (
        <Alert color="red" variant="light" p="xs">
          <Group gap="xs">
            <Text size="sm">{RECORDING_LOAD_FAILED}</Text>
            <Button size="compact-xs" variant="light" onClick={retry}>
              Try again
            </Button>
          </Group>
        </Alert>
      ) : (
        <Group gap="xs" wrap="nowrap">
          <ActionIcon
            variant="filled"
            radius="xl"
            size={compact ? 'md' : 'lg'}
            aria-label={playing ? 'Pause' : 'Play'}
            onClick={toggle}
            disabled={!ready}
          >
            {src === undefined ? <Loader size={14} color="white" /> : playing ? <PauseIcon /> : <PlayIcon />}
          </ActionIcon>
          <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }} aria-label="Time">
            {`${formatClock(current)} / ${duration === null ? '-:--' : formatClock(duration)}`}
          </Text>
          <Slider
            style={{ flex: compact ? undefined : 1 }}
            w={compact ? 120 : undefined}
            size="sm"
            min={0}
            max={duration ?? 1}
            step={1}
            value={Math.min(current, duration ?? 0)}
            onChange={seek}
            disabled={duration === null}
            label={formatClock}
            thumbLabel="Seek"
            thumbValueText={(value) => formatClock(value)}
          />
        </Group>
      )}
    </Stack>
  );
}
