// "Send to dialer" on /generateLead (docs/guide/dialer.md): where the chosen date's generated leads go, the campaign's
// VICIdial settings, how many are not sent yet, and the date's sends: the latest live, with Cancel, Resume and its report,
// and what VICIdial made of its leads since (pulled, callbacks: docs/guide/call-loop.md).
import { useState } from 'react';
import { Alert, Badge, Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TDialerSend, TDialerSettingsReply, TSendsOfDate } from '@crm/shared';
import { confirmAction } from '../../components/confirm.tsx';
import { LoadingRow, RetryAlert } from '../../components/QueryState.tsx';
import {
  cancelSend,
  dialerSettingsKey,
  downloadSendReport,
  fetchDialerSettings,
  fetchSendsOfDate,
  resumeSend,
  sendsOfDateKey,
  startSend,
} from './api.ts';
import { DialerSettingsModal } from './DialerSettingsModal.tsx';
import { EarlierSends } from './EarlierSends.tsx';
import { LatestSend } from './LatestSend.tsx';
import { SendDialerSync } from './SendDialerSync.tsx';
import { dialerText, sendBlockedReason, settingsText, unsentText } from './send-text.ts';
import { useSendEndNotice, useSendStream } from './use-send-stream.ts';

type TFailure = { title: string; message: string };

function Destination({ reply, onSettings }: { reply: TDialerSettingsReply; onSettings: () => void }) {
  const dialer = dialerText(reply.dialer);
  return (
    <Stack gap={4}>
      <Group gap="xs" justify="space-between" wrap="nowrap">
        <Group gap="xs">
          <Text size="sm">Sends go to</Text>
          <Badge color={dialer.color} variant="light">
            {dialer.label}
          </Badge>
        </Group>
        <Button variant="default" size="xs" onClick={onSettings}>
          Dialer settings
        </Button>
      </Group>
      {dialer.help !== null && (
        <Text size="xs" c="dimmed">
          {dialer.help}
        </Text>
      )}
      {reply.settings === null ? (
        <Text size="sm" c="yellow.8" fw={500}>
          Set the VICIdial list: press Dialer settings.
        </Text>
      ) : (
        <Text size="sm">{settingsText(reply.settings)}</Text>
      )}
    </Stack>
  );
}

/** The card of a chosen campaign and data date. */
export function DialerSendCard({ campaignName, date }: { campaignName: string; date: string }) {
  const queryClient = useQueryClient();
  const sendsKey = sendsOfDateKey(campaignName, date);
  const settings = useQuery({
    queryKey: dialerSettingsKey(campaignName),
    queryFn: () => fetchDialerSettings(campaignName),
    staleTime: 0,
  });
  const sends = useQuery({ queryKey: sendsKey, queryFn: () => fetchSendsOfDate(campaignName, date), staleTime: 0 });
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [failure, setFailure] = useState<TFailure | null>(null);
  const latest = sends.data?.sends[0];

  /** A newer state of one send into the date's list; a send that ended reloads the list (its unsent count too). */
  const showSend = (send: TDialerSend) => {
    queryClient.setQueryData<TSendsOfDate>(sendsKey, (old) =>
      old === undefined
        ? old
        : {
            ...old,
            sends: old.sends.some((s) => s.id === send.id)
              ? old.sends.map((s) => (s.id === send.id ? send : s))
              : [send, ...old.sends],
          },
    );
    if (send.state !== 'running') void queryClient.invalidateQueries({ queryKey: sendsKey });
  };
  const stream = useSendStream(latest, showSend);
  useSendEndNotice(latest);

  const failed = (title: string) => (error: Error) => setFailure({ title, message: error.message });
  const start = useMutation({
    mutationFn: () => startSend({ campaignName, date }),
    onMutate: () => setFailure(null),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sendsKey }),
    onError: failed('The send did not start'),
  });
  const cancel = useMutation({
    mutationFn: cancelSend,
    onMutate: () => setFailure(null),
    onSuccess: showSend,
    onError: failed('The send was not cancelled'),
  });
  const resume = useMutation({
    mutationFn: resumeSend,
    onMutate: () => setFailure(null),
    onSuccess: showSend,
    onError: failed('The send was not resumed'),
  });
  const report = useMutation({
    mutationFn: downloadSendReport,
    onMutate: () => setFailure(null),
    onError: failed('The report could not be downloaded'),
  });

  const askCancel = async (send: TDialerSend) => {
    const body = `Stop send #${send.id} now? The leads not sent yet stay unsent, and Resume sends them later.`;
    if (await confirmAction({ body })) cancel.mutate(send.id);
  };
  const busy = cancel.isPending
    ? 'cancel'
    : resume.isPending
      ? 'resume'
      : report.isPending && report.variables.id === latest?.id
        ? 'report'
        : null;

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="dialer-send-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="dialer-send-title">
          Send to dialer
        </Title>
        {settings.data === undefined ? (
          settings.isError ? (
            <RetryAlert
              title="The dialer settings could not be loaded"
              message={settings.error.message}
              onRetry={() => void settings.refetch()}
            />
          ) : (
            <LoadingRow />
          )
        ) : (
          <>
            <Destination reply={settings.data} onSettings={() => setSettingsOpen(true)} />
            {/* Outside the parts that reload: a failed reload never takes the admin's draft away. */}
            <DialerSettingsModal opened={settingsOpen} onClose={() => setSettingsOpen(false)} reply={settings.data} />
          </>
        )}
        {/* A failed reload keeps what was shown (a running send stays in view) and says so above it. */}
        {sends.isError && (
          <RetryAlert
            title="The sends of this date could not be loaded"
            message={sends.error.message}
            onRetry={() => void sends.refetch()}
          />
        )}
        {sends.data === undefined
          ? sends.isPending && <LoadingRow />
          : settings.data !== undefined && (
              <>
                <SendButton
                  reason={sendBlockedReason({
                    campaignName,
                    date,
                    reply: settings.data,
                    unsent: sends.data.unsent,
                    latest,
                  })}
                  unsent={unsentText(sends.data.unsent, date)}
                  pending={start.isPending}
                  onSend={() => start.mutate()}
                />
                {failure !== null && (
                  <Alert
                    color="red"
                    variant="light"
                    role="alert"
                    title={failure.title}
                    p="xs"
                    withCloseButton
                    closeButtonLabel="Dismiss"
                    onClose={() => setFailure(null)}
                  >
                    {failure.message}
                  </Alert>
                )}
                {latest !== undefined && (
                  <>
                    <Divider />
                    <LatestSend
                      send={latest}
                      stream={stream}
                      busy={busy}
                      onCancel={() => void askCancel(latest)}
                      onResume={() => resume.mutate(latest.id)}
                      onReport={() => report.mutate(latest)}
                    />
                    <SendDialerSync sendId={latest.id} />
                    <EarlierSends sends={sends.data.sends.slice(1)} onReport={(send) => report.mutate(send)} />
                  </>
                )}
              </>
            )}
      </Stack>
    </Paper>
  );
}

function SendButton({
  reason,
  unsent,
  pending,
  onSend,
}: {
  reason: string | null;
  unsent: string;
  pending: boolean;
  onSend: () => void;
}) {
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={500} role="status" style={{ minWidth: 0 }}>
          {unsent}
        </Text>
        {/* Never squeezed: the count's text wraps instead. */}
        <Button
          style={{ flexShrink: 0 }}
          disabled={reason !== null}
          loading={pending}
          onClick={onSend}
          aria-describedby={reason === null ? undefined : 'dialer-send-blocked'}
        >
          Send to dialer
        </Button>
      </Group>
      {reason !== null && (
        <Text size="xs" c="dimmed" id="dialer-send-blocked">
          {reason}
        </Text>
      )}
    </Stack>
  );
}
