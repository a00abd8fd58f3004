// Comments on moments of the recording being scored (docs/qc-records.md, Comments): in the scoring player, M or
// "Comment at 0:42" opens a one-line box at the playing moment (Enter keeps the comment, Esc drops it, and the focus
// goes back where it was); each comment is then a marker on the waveform and a line of the list under the player,
// with Remove. The panel holds them until Submit posts them to the in-house record (timeline-comments.ts).
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { Badge, Box, Button, Group, Kbd, Paper, Stack, Text, TextInput } from '@mantine/core';
import { QC_RECORD_COMMENT_MAX } from '@crm/shared';
import { formatClock } from '../../../components/recording/RecordingPlayer.tsx';
import {
  COMMENT_KEY,
  commentButtonText,
  commentsOn,
  isCommentKey,
  momentOf,
  type TCommentBox,
  type THeldComment,
} from './timeline-comments.ts';

export const EMPTY_COMMENT = 'Write the comment';

type Props = {
  /** The recording in the player (null: none chosen, nothing to comment on). */
  fileName: string | null;
  /** While Submit runs: nothing is added or removed. */
  disabled: boolean;
  onAdd: (fileName: string, atSeconds: number, text: string) => void;
  /** On the left of the "Comment at" button's row (the successful-call tick), so the player grows by no row. */
  leading?: ReactNode;
};

/** The player's <audio>: this sits inside the player's section, beside it. */
function audioNear(element: HTMLElement | null): HTMLAudioElement | null {
  return element?.closest('section[aria-label="Player"]')?.querySelector('audio') ?? null;
}

/** The playing moment, in whole seconds, following the player's audio (its media events do not bubble). */
function usePlayingMoment(root: RefObject<HTMLElement | null>, fileName: string | null): number {
  const [moment, setMoment] = useState(0);
  useEffect(() => {
    const section = root.current?.closest('section[aria-label="Player"]');
    if (section === null || section === undefined) return;
    const follow = (event: Event) => {
      if (event.target instanceof HTMLMediaElement) setMoment(momentOf(event.target.currentTime));
    };
    const events = ['timeupdate', 'seeked', 'loadedmetadata', 'emptied'] as const;
    for (const name of events) section.addEventListener(name, follow, true);
    return () => {
      for (const name of events) section.removeEventListener(name, follow, true);
    };
  }, [root, fileName]);
  return fileName === null ? 0 : moment;
}

export function TimelineComments({ fileName, disabled, onAdd, leading }: Props) {
  const root = useRef<HTMLDivElement>(null);
  const moment = usePlayingMoment(root, fileName);
  const [box, setBox] = useState<TCommentBox>({ kind: 'closed' });
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  /** Where the focus was before the box opened: it goes back there. */
  const returnTo = useRef<HTMLElement | null>(null);

  const open = () => {
    if (fileName === null || disabled) return;
    const active = document.activeElement;
    returnTo.current = active instanceof HTMLElement && active !== document.body ? active : null;
    // The moment of the key press, read from the audio itself (the clock on screen is a quarter second behind).
    const audio = audioNear(root.current);
    setBox({ kind: 'open', fileName, atSeconds: audio === null ? moment : momentOf(audio.currentTime) });
    setProblem(null);
  };

  const close = () => {
    setBox({ kind: 'closed' });
    setText('');
    setProblem(null);
    const back = returnTo.current;
    returnTo.current = null;
    if (back?.isConnected === true) back.focus();
  };

  const keep = () => {
    if (box.kind !== 'open') return;
    if (text.trim() === '') {
      setProblem(EMPTY_COMMENT);
      return;
    }
    onAdd(box.fileName, box.atSeconds, text);
    close();
  };

  // M on the page (never while typing): a comment at the playing moment.
  const openRef = useRef(open);
  useEffect(() => {
    openRef.current = open;
  });
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (!isCommentKey(event)) return;
      event.preventDefault();
      openRef.current();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  // Another recording chosen (or the call gone): the box of the one before closes, what it held is not kept.
  if (box.kind === 'open' && box.fileName !== fileName) {
    setBox({ kind: 'closed' });
    setText('');
  }

  const onBoxKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      keep();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
    }
  };

  return (
    <Stack gap={4} ref={root}>
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Box style={{ flex: 1, minWidth: 0 }}>{leading}</Box>
        <Button
          size="compact-sm"
          variant="light"
          color="orange"
          aria-keyshortcuts={COMMENT_KEY}
          title={`${COMMENT_KEY}: a comment on the playing moment, shown to the agent with the record`}
          disabled={fileName === null || disabled || box.kind === 'open'}
          onClick={open}
          rightSection={
            <Kbd size="xs" aria-hidden="true">
              {COMMENT_KEY}
            </Kbd>
          }
          style={{ flexShrink: 0 }}
        >
          {commentButtonText(moment)}
        </Button>
      </Group>
      {box.kind === 'open' && (
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <TextInput
            size="xs"
            style={{ flex: 1 }}
            aria-label={commentButtonText(box.atSeconds)}
            leftSection={
              <Text size="xs" ff="monospace" fw={700}>
                {formatClock(box.atSeconds)}
              </Text>
            }
            leftSectionWidth={48}
            placeholder="Comment on this moment: Enter keeps it, Esc cancels"
            maxLength={QC_RECORD_COMMENT_MAX}
            // Opened by the inspector's own key or click: typing starts at once.
            autoFocus
            value={text}
            error={problem}
            onChange={(event) => {
              setText(event.currentTarget.value);
              if (problem !== null) setProblem(null);
            }}
            onKeyDown={onBoxKey}
          />
          <Button size="compact-sm" onClick={keep}>
            Add
          </Button>
          <Button size="compact-sm" variant="default" onClick={close}>
            Cancel
          </Button>
        </Group>
      )}
    </Stack>
  );
}

type TListProps = {
  fileName: string | null;
  comments: readonly THeldComment[];
  /** Held comments a Submit already posted to the record. */
  posted: readonly number[];
  disabled: boolean;
  onRemove: (id: number) => void;
};

/**
 * The held comments of the recording playing, by moment, each with Remove (Saved once a Submit posted it); beside the
 * player rather than in it, so the sticky player stays as tall as before whatever the number of comments.
 */
export function HeldCommentList({ fileName, comments, posted, disabled, onRemove }: TListProps) {
  const mine = commentsOn(comments, fileName);
  const elsewhere = comments.length - mine.length;
  if (comments.length === 0) return null;
  return (
    <Paper withBorder p="xs" radius="md">
      <Stack gap={4}>
        <Text size="xs" fw={700}>
          Comments on the recording (saved with the in-house record at Submit)
        </Text>
        {mine.length > 0 && (
          <Stack
            gap={2}
            component="ul"
            aria-label="Comments on the recording"
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
          >
            {mine.map((c) => (
              <Group key={c.id} component="li" gap="xs" wrap="nowrap" align="flex-start">
                <Text size="xs" ff="monospace" fw={700}>
                  {formatClock(c.atSeconds)}
                </Text>
                <Text size="xs" style={{ flex: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {c.text}
                </Text>
                {posted.includes(c.id) ? (
                  <Badge size="xs" color="green" variant="light">
                    Saved
                  </Badge>
                ) : (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    disabled={disabled}
                    aria-label={`Remove the comment at ${formatClock(c.atSeconds)}`}
                    onClick={() => onRemove(c.id)}
                  >
                    Remove
                  </Button>
                )}
              </Group>
            ))}
          </Stack>
        )}
        {elsewhere > 0 && (
          <Text size="xs" c="dimmed">
            {`${elsewhere} comment${elsewhere === 1 ? '' : 's'} on another recording: saved only if that recording is the one linked.`}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
