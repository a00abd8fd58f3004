// Under a send on /generateLead: what became of its leads in VICIdial afterwards (docs/guide/call-loop.md "The dialer kept in
// step"): pulled for do-not-call or a full quota, callbacks set, waiting, refused in VICIdial's words. Reloaded while
// VICIdial has some to answer; nothing until the send has any.
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DialerSyncSummary, hasSyncNews, syncRefetchInterval } from '../../components/DialerSyncSummary.tsx';
import { fetchSendSync, retrySendSync, sendSyncKey } from './api.ts';

export function SendDialerSync({ sendId }: { sendId: number }) {
  const queryClient = useQueryClient();
  const key = sendSyncKey(sendId);
  const sync = useQuery({
    queryKey: key,
    queryFn: () => fetchSendSync(sendId),
    staleTime: 0,
    refetchInterval: (q) => syncRefetchInterval(q.state.data),
  });
  const retry = useMutation({
    mutationFn: () => retrySendSync(sendId),
    onSuccess: async (message) => {
      notifications.show({ color: 'green', message });
      await queryClient.invalidateQueries({ queryKey: key });
    },
  });
  if (sync.data === undefined || !hasSyncNews(sync.data)) return null;
  return <DialerSyncSummary summary={sync.data} retrying={retry.isPending} onRetry={() => retry.mutate()} />;
}
