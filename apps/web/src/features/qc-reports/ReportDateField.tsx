// The daily reports' 'Select Date': the days with QC records of that kind, newest first, from the server.
import { NativeSelect, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { RetryAlert } from '../../components/QueryState.tsx';
import { fetchReportDates, reportDatesKey } from './api.ts';
import type { TDateSource } from './qc-report-form.ts';

export const DATES_FAILED = 'The report dates could not be loaded';

export function noDatesText(source: TDateSource): string {
  return `There are no ${source} QC records yet, so there is no day to export.`;
}

type Props = { source: TDateSource; value: string; error?: string; onChange: (date: string) => void };

export function ReportDateField({ source, value, error, onChange }: Props) {
  const dates = useQuery({ queryKey: reportDatesKey(source), queryFn: () => fetchReportDates(source), staleTime: 0 });
  const list = dates.data ?? [];
  const placeholder = dates.isPending
    ? 'Loading dates…'
    : dates.isError
      ? 'The dates could not be loaded'
      : list.length === 0
        ? 'No dates yet'
        : 'Select date';
  return (
    <Stack gap="xs">
      <NativeSelect
        label="Select Date"
        value={value}
        error={error}
        disabled={!dates.isSuccess || list.length === 0}
        onChange={(event) => onChange(event.currentTarget.value)}
        data={[{ value: '', label: placeholder, disabled: true }, ...list]}
      />
      {dates.isError && (
        <RetryAlert title={DATES_FAILED} message={dates.error.message} onRetry={() => void dates.refetch()} />
      )}
      {dates.isSuccess && list.length === 0 && (
        <Text size="sm" c="dimmed" role="status">
          {noDatesText(source)}
        </Text>
      )}
    </Stack>
  );
}
