// /suspicious (docs/guide/suspicious.md): the day's completed calls that look made up, with why. The day (today by
// default; ← → the day before and after) and the campaign are kept in the address; ↑ ↓ choose a row and Enter opens its
// call on the QC panel. Admins change each campaign's thresholds in the settings card; QC inspectors read them. Laid out
// for 1366×768: filters at the top, the list fills the window, the settings under it.
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ActionIcon, Group, Kbd, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSession } from '../../app/session.ts';
import { dayText } from '../../app/time-zone.ts';
import { CampaignSelect } from '../../components/CampaignSelect.tsx';
import { DateField } from '../../components/DateField.tsx';
import { LoadingRow, RetryAlert } from '../../components/QueryState.tsx';
import { fetchSuspicious, suspiciousListKey } from './api.ts';
import {
  pageKeyOf,
  qcPanelAddress,
  readSuspiciousParams,
  shiftDay,
  writeSuspiciousParams,
  type TSuspiciousFilters,
} from './suspicious-params.ts';
import { SuspiciousSettingsCard } from './SuspiciousSettingsCard.tsx';
import { SuspiciousTable } from './SuspiciousTable.tsx';

/** What is left of a 768-pixel-high window under the top bar, the title and the filters: about 12 rows. */
const TABLE_HEIGHT = 'max(220px, calc(100dvh - 230px))';

export const SUSPICIOUS_KEYS_HINT = '← → day · ↑ ↓ row · Enter opens the QC panel';

export default function SuspiciousPage() {
  const [params, setParams] = useSearchParams();
  const today = dayText();
  const filters = readSuspiciousParams(params, today);
  const update = (change: Partial<TSuspiciousFilters>) =>
    setParams(writeSuspiciousParams({ ...filters, ...change }, today));
  const navigate = useNavigate();
  const { session } = useSession();
  const isAdmin = session?.role === 'ADMIN';
  // The chosen row and what is open under it, of the day and campaign on screen: another view starts at its first row.
  const view = `${filters.date}|${filters.campaignName}`;
  type TOpen = { attemptId: number; what: 'lead' | 'recording' } | null;
  const [pick, setPick] = useState<{ view: string; index: number; open: TOpen }>({ view, index: 0, open: null });
  const selected = pick.view === view ? pick.index : 0;
  const open = pick.view === view ? pick.open : null;
  const setSelected = (index: number) => setPick({ view, index, open });
  const setOpen = (next: TOpen) => setPick({ view, index: selected, open: next });

  const list = useQuery({
    queryKey: suspiciousListKey(filters),
    queryFn: () => fetchSuspicious(filters),
    placeholderData: keepPreviousData,
  });
  const calls = list.data ?? [];

  // The keys read the latest state through a ref, so the listener is added once.
  const onKey = useRef<(event: KeyboardEvent) => void>(() => undefined);
  useEffect(() => {
    onKey.current = (event) => {
      const key = pageKeyOf(event, event.target);
      if (key === null) return;
      if (key.kind === 'day') {
        event.preventDefault();
        update({ date: shiftDay(filters.date, key.by) });
      } else if (key.kind === 'row') {
        if (calls.length === 0) return;
        event.preventDefault();
        const next = Math.min(calls.length - 1, Math.max(0, selected + key.by));
        setSelected(next);
        const rows = document.querySelectorAll('[aria-label="Suspicious completes"] tbody tr[aria-selected]');
        rows[next]?.scrollIntoView({ block: 'nearest' });
      } else {
        const call = calls[selected];
        if (call === undefined) return;
        event.preventDefault();
        void navigate(qcPanelAddress(call, filters.date));
      }
    };
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey.current(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);

  let placeholder = null;
  if (list.isPending) placeholder = <LoadingRow />;
  else if (list.isError)
    placeholder = (
      <RetryAlert
        title="The suspicious completes could not be loaded"
        message={list.error.message}
        onRetry={() => void list.refetch()}
      />
    );
  else if (calls.length === 0)
    placeholder = (
      <Text ta="center" c="dimmed" py="lg">
        No suspicious complete on {filters.date}
        {filters.campaignName ? ` in ${filters.campaignName}` : ''}
      </Text>
    );

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" wrap="nowrap">
        <Stack gap={2}>
          <Title order={1}>Suspicious Completes</Title>
          <Text size="xs" c="dimmed" id="suspicious-keys">
            {SUSPICIOUS_KEYS_HINT}
          </Text>
        </Stack>
        <Group gap="sm" align="flex-end" wrap="nowrap">
          <Text size="sm" aria-live="polite" mb={6}>
            {list.data ? `${calls.length.toLocaleString('en-US')} flagged` : ''}
          </Text>
          <CampaignSelect
            value={filters.campaignName}
            onChange={(campaignName) => update({ campaignName })}
            allLabel="All campaigns"
            w={220}
          />
          <Group gap={4} align="flex-end" wrap="nowrap">
            <ActionIcon
              variant="default"
              size={36}
              aria-label="The day before"
              aria-keyshortcuts="ArrowLeft"
              onClick={() => update({ date: shiftDay(filters.date, -1) })}
            >
              <Kbd size="xs">←</Kbd>
            </ActionIcon>
            <DateField label="Day" value={filters.date} onChange={(date) => update({ date: date || today })} w={150} />
            <ActionIcon
              variant="default"
              size={36}
              aria-label="The day after"
              aria-keyshortcuts="ArrowRight"
              onClick={() => update({ date: shiftDay(filters.date, 1) })}
            >
              <Kbd size="xs">→</Kbd>
            </ActionIcon>
          </Group>
        </Group>
      </Group>
      <SuspiciousTable
        calls={calls}
        day={filters.date}
        placeholder={placeholder}
        maxHeight={TABLE_HEIGHT}
        selected={selected}
        onSelect={setSelected}
        open={open}
        onOpen={setOpen}
      />
      <SuspiciousSettingsCard canEdit={isAdmin} />
    </Stack>
  );
}
