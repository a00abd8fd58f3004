// An inspector's side of an open session: the calls to score on the left; on the right the chosen call with the QC
// panel's player (waveform, speeds, keys) and scorecard form. Submit opens the next call not yet scored at once (its
// first criterion focused) under a banner of what was saved and what is next; a submitted scoring is final, and only
// then do the others' answers of that call show.
import { useState } from 'react';
import { Alert, Anchor, Badge, Group, NavLink, Paper, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { TCalibrationCall, TCalibrationScoring, TCalibrationSession } from '@crm/shared';
import { PLAYER_KEYS_NOTE, ScoringPlayer } from '../../components/recording/ScoringPlayer.tsx';
import { SCORECARD_KEYS_NOTE } from '../../components/scorecard/index.ts';
import { sessionKey } from './api.ts';
import { CALIBRATION_KEYS_NOTE, CallScoring } from './CallScoring.tsx';
import { firstToScore, nextToScore, scoredNotice, type TScoredNotice } from './scoring-flow.ts';

/** Room in px above and below the criteria at 1366×768 (the top bar, the title, the call, the player, Submit). */
const CARD_ROOM = 540;
/** The banner's height with its gap, taken from the criteria while it shows. */
const BANNER_ROOM = 56;

/** The screen's one state: the call on screen, whether the keyboard starts on it, and the banner of the last Submit. */
type TView = { callId: number | undefined; focus: boolean; notice: TScoredNotice | null };

function ScoredBanner({ notice, sessionId }: { notice: TScoredNotice; sessionId: number }) {
  const queryClient = useQueryClient();
  return (
    <Alert color={notice.done ? 'blue' : 'green'} variant="light" role="status" aria-label="Scoring saved" p="xs">
      <Text size="sm">
        {notice.saved} {notice.next}{' '}
        {notice.done && (
          <>
            The results show on this page once the session is closed:{' '}
            <Anchor
              component={Link}
              to={`/calibration/${sessionId}`}
              onClick={() => void queryClient.invalidateQueries({ queryKey: sessionKey(sessionId) })}
            >
              Results
            </Anchor>
          </>
        )}
      </Text>
    </Alert>
  );
}

function CallHeader({ session, call }: { session: TCalibrationSession; call: TCalibrationCall }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text fw={600} truncate>
        Call {call.position}: {call.campaignName} · {call.consumerNumber} · {call.callDate}
      </Text>
      <Text fz="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {call.scoredCount} of {session.inspectorCount} inspectors scored
      </Text>
    </Group>
  );
}

export function ScoringView({ session }: { session: TCalibrationSession }) {
  const [view, setView] = useState<TView>(() => ({
    callId: firstToScore(session.calls)?.id,
    focus: true,
    notice: null,
  }));
  const call = session.calls.find((c) => c.id === view.callId) ?? firstToScore(session.calls);

  const onScored = (done: TCalibrationCall, scoring: TCalibrationScoring) => {
    const next = nextToScore(session.calls, done.id);
    setView({
      callId: next?.id ?? done.id,
      focus: next !== null,
      notice: scoredNotice(done, scoring, next, session.calls.length),
    });
  };

  return (
    <Group align="flex-start" gap="md" wrap="nowrap">
      <Paper withBorder p={4} w={230} style={{ flexShrink: 0 }} aria-label="Calls to score">
        {session.calls.map((c) => (
          <NavLink
            component="button"
            key={c.id}
            active={c.id === call?.id}
            label={`Call ${c.position}`}
            description={`${c.consumerNumber} · ${c.callDate}`}
            rightSection={
              c.myScoring ? (
                <Badge size="xs" color="green">
                  scored
                </Badge>
              ) : (
                <Badge size="xs" variant="outline">
                  to score
                </Badge>
              )
            }
            onClick={() => setView((v) => ({ ...v, callId: c.id, focus: false }))}
          />
        ))}
        <Text fz="xs" c="dimmed" p="xs" aria-label="Keys">
          {CALIBRATION_KEYS_NOTE} {PLAYER_KEYS_NOTE} {SCORECARD_KEYS_NOTE}
        </Text>
      </Paper>
      <Paper withBorder p="sm" style={{ flex: 1, minWidth: 0 }}>
        {call === undefined ? (
          <Text>No calls.</Text>
        ) : (
          <Stack gap="xs">
            {view.notice !== null && <ScoredBanner notice={view.notice} sessionId={session.id} />}
            <CallHeader session={session} call={call} />
            <ScoringPlayer
              recording={call.fileName === null ? null : { date: call.callDate, fileName: call.fileName }}
              autoPlay="setting"
              empty={`No recording was chosen for this call: find it on the voice log (${call.callDate}).`}
            />
            <CallScoring
              key={call.id}
              session={session}
              call={call}
              onScored={onScored}
              focusOnOpen={view.focus && call.id === view.callId}
              // The criteria scroll inside what the banner, the call's line and the player leave of the window.
              maxHeight={`max(160px, calc(100dvh - ${view.notice === null ? CARD_ROOM : CARD_ROOM + BANNER_ROOM}px))`}
            />
          </Stack>
        )}
      </Paper>
    </Group>
  );
}
