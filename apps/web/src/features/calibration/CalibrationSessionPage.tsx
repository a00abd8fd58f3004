// /calibration/:id: for an inspector, the calls to score blind with the progress; once the session is closed (or for
// an admin at any time) its results; an admin closes the session and records the expert marks.
import { Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { CALIBRATION_MESSAGES, type TCalibrationSession } from '@crm/shared';
import { useSession } from '../../app/session.ts';
import { confirmAction } from '../../components/confirm.tsx';
import { LoadingRow, RetryAlert } from '../../components/QueryState.tsx';
import { CALIBRATION_KEY, closeSession, fetchSession, sessionKey } from './api.ts';
import { ResultsView } from './ResultsView.tsx';
import { ScoringView } from './ScoringView.tsx';

function progressText(s: TCalibrationSession, admin: boolean): string {
  return admin
    ? `${s.scoringCount} of ${s.callCount * s.inspectorCount} scorings submitted`
    : `${s.scoredByMe} of ${s.callCount} scored`;
}

export default function CalibrationSessionPage() {
  const id = Number(useParams().id);
  const { session: signedIn } = useSession();
  const admin = signedIn?.role === 'ADMIN';
  const myId = signedIn ? Number(signedIn.user.sub) : null;
  const queryClient = useQueryClient();
  const session = useQuery({
    queryKey: sessionKey(id),
    queryFn: () => fetchSession(id),
    enabled: Number.isInteger(id) && id > 0,
  });
  const close = useMutation({
    mutationFn: () => closeSession(id),
    onSuccess: async () => {
      notifications.show({ color: 'green', message: CALIBRATION_MESSAGES.sessionClosed });
      await queryClient.invalidateQueries({ queryKey: CALIBRATION_KEY });
    },
  });
  const onClose = async () => {
    if (
      await confirmAction({
        body: 'Close this session now? Scoring ends, and every inspector taking part sees the results.',
        danger: false,
      })
    )
      close.mutate();
  };

  if (!Number.isInteger(id) || id <= 0) return <Text>No such session.</Text>;
  if (session.isPending) return <LoadingRow />;
  if (session.isError)
    return (
      <RetryAlert
        title="The session could not be loaded"
        message={session.error.message}
        onRetry={() => void session.refetch()}
      />
    );
  const s = session.data;
  const open = s.status === 'open';
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <Anchor component={Link} to="/calibration" fz="sm">
            ← Sessions
          </Anchor>
          <Title order={1} fz={24}>
            {s.name}
          </Title>
          <Badge color={open ? 'green' : 'gray'} variant="light">
            {open ? 'Open' : 'Closed'}
          </Badge>
        </Group>
        <Group gap="sm" wrap="nowrap">
          <Text fz="sm" data-testid="calibration-progress">
            {progressText(s, admin)}
          </Text>
          <Text fz="sm" c="dimmed">
            Deadline {s.deadline}
          </Text>
          {admin && open && (
            <Button color="red" variant="light" onClick={() => void onClose()} loading={close.isPending}>
              Close session
            </Button>
          )}
        </Group>
      </Group>
      <Text fz="xs" c="dimmed">
        Inspectors: {s.inspectors.map((i) => `${i.name} (${i.scored}/${s.callCount})`).join(', ')}
      </Text>
      {admin || !open ? <ResultsView sessionId={s.id} admin={admin} myId={myId} /> : <ScoringView session={s} />}
    </Stack>
  );
}
