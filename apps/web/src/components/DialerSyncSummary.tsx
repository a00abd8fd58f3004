// What VICIdial made of the CRM's pulls (docs/guide/call-loop.md "The dialer kept in step"), for /dnc and a send's card:
// "pulled from the dialer: n, waiting: n, refused: n", why the waiting ones wait, each refusal in VICIdial's words, and
// the refused ones tried again once the VICIdial user may.
import { Button, Group, List, Stack, Text } from '@mantine/core';
import { dialerCallbacksText, dialerPullsText, type TDialerSyncRefusal, type TDialerSyncSummary } from '@crm/shared';

/** While anything waits, the screen asks again this often. */
export const SYNC_REFRESH_MS = 2000;

/** How often to reload a summary: every SYNC_REFRESH_MS while VICIdial still has requests to answer. */
export function syncRefetchInterval(summary: TDialerSyncSummary | undefined): number | false {
  return summary !== undefined && summary.pulls.waiting + summary.callbacks.waiting > 0 ? SYNC_REFRESH_MS : false;
}

/** Whether there is anything to show: a dialer, or something sent to one before. */
export function hasSyncNews(summary: TDialerSyncSummary): boolean {
  const { pulls, callbacks } = summary;
  return pulls.done + pulls.waiting + pulls.refused + callbacks.done + callbacks.waiting + callbacks.refused > 0;
}

const WHAT: Record<TDialerSyncRefusal['action'], string> = {
  dnc_number: 'DNC list',
  lead_dnc: 'do-not-call',
  lead_quota: 'full quota',
  lead_callback: 'callback',
};

/** "+8801712345678, lead 42 (do-not-call) at 2026-11-18 10:00:00: ERROR: update_lead NO MATCHES FOUND …" */
export function refusalText(r: TDialerSyncRefusal): string {
  const lead = r.leadId === null ? '' : `, lead ${r.leadId}`;
  return `${r.phoneNumber}${lead} (${WHAT[r.action]}) at ${r.at}: ${r.message}`;
}

type Props = { summary: TDialerSyncSummary; retrying: boolean; onRetry: () => void };

export function DialerSyncSummary({ summary, retrying, onRetry }: Props) {
  const { pulls, callbacks, waitingReason, refusals } = summary;
  const callbacksSent = callbacks.done + callbacks.waiting + callbacks.refused > 0;
  return (
    <Stack gap={4} role="region" aria-label="VICIdial">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" role="status">
          {dialerPullsText(pulls)}
        </Text>
        {pulls.refused + callbacks.refused > 0 && (
          <Button size="compact-sm" variant="default" style={{ flexShrink: 0 }} loading={retrying} onClick={onRetry}>
            Try the refused again
          </Button>
        )}
      </Group>
      {callbacksSent && <Text size="sm">{dialerCallbacksText(callbacks)}</Text>}
      {pulls.waiting + callbacks.waiting > 0 && waitingReason !== null && (
        <Text size="xs" c="dimmed">{`Waiting for VICIdial to answer (tried again and again): ${waitingReason}`}</Text>
      )}
      {refusals.length > 0 && (
        <>
          <Text size="xs" fw={500}>
            Refused by VICIdial, in its words:
          </Text>
          <List size="xs" spacing={2} aria-label="Refused by VICIdial">
            {refusals.map((r, i) => (
              <List.Item key={`${r.phoneNumber}-${r.leadId ?? 'n'}-${i}`} style={{ overflowWrap: 'anywhere' }}>
                {refusalText(r)}
              </List.Item>
            ))}
          </List>
        </>
      )}
    </Stack>
  );
}
