// /dnc's VICIdial line (docs/guide/call-loop.md "The dialer kept in step"): the listed numbers put on VICIdial's DNC lists and
// the sent leads pulled for them, reloaded while VICIdial has some to answer; nothing when no dialer ever had any.
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DialerSyncSummary, hasSyncNews, syncRefetchInterval } from '../../components/DialerSyncSummary.tsx';
import { DNC_SYNC_KEY, fetchDncSync, retryDncSync } from './api.ts';

export function DncDialerSync() {
  const queryClient = useQueryClient();
  const sync = useQuery({
    queryKey: DNC_SYNC_KEY,
    queryFn: fetchDncSync,
    staleTime: 0,
    refetchInterval: (q) => syncRefetchInterval(q.state.data),
  });
  const retry = useMutation({
    mutationFn: retryDncSync,
    onSuccess: async (message) => {
      notifications.show({ color: 'green', message });
      await queryClient.invalidateQueries({ queryKey: DNC_SYNC_KEY });
    },
  });
  const summary = sync.data;
  if (summary === undefined || (summary.dialer === 'unconfigured' && !hasSyncNews(summary))) return null;
  return <DialerSyncSummary summary={summary} retrying={retry.isPending} onRetry={() => retry.mutate()} />;
}
