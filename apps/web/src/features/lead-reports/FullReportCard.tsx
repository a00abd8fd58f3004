// 'Download Full Report': every lead of the data dates from start to end, with its state and answers, as full_report.csv.
import { useState } from 'react';
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { dataDatesKey } from '../../app/query-keys.ts';
import { countOf, fetchDataDates } from '../../components/lead-dates.ts';
import { checkFullReport, datesInRange, type TFormProblems, type TFullReportForm } from './report-form.ts';
import { useReportDownload } from './use-report-download.tsx';
import { DateField } from '../../components/DateField.tsx';

type TRange = Omit<TFullReportForm, 'campaign'>;

export function FullReportCard({ campaign }: { campaign: string }) {
  const [range, setRange] = useState<TRange>({ startDate: '', endDate: '' });
  const [problems, setProblems] = useState<TFormProblems<TFullReportForm>>({});
  const dates = useQuery({ queryKey: dataDatesKey(campaign), queryFn: () => fetchDataDates(campaign), staleTime: 0 });
  const download = useReportDownload('full', campaign);

  const change = (field: keyof TRange, value: string) => {
    setRange((r) => ({ ...r, [field]: value }));
    setProblems({});
    download.reset();
  };

  const submit = () => {
    const found = checkFullReport({ campaign, ...range });
    setProblems(found);
    if (Object.keys(found).length === 0)
      download.start({ tableName: campaign, startDate: range.startDate.trim(), endDate: range.endDate.trim() });
  };

  const rangeIsGood = Object.keys(checkFullReport({ campaign, ...range })).length === 0;
  const inRange =
    rangeIsGood && dates.data !== undefined ? datesInRange(dates.data, range.startDate, range.endDate) : null;
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-label="Full Report">
      <Stack gap="md">
        <Title order={2} size="h3">
          Full Report
        </Title>
        <Text size="sm" c="dimmed">
          Every lead of the data dates from the start date to the end date, fresh, generated or called, with its survey
          answers.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <DateField
            label="Start date"
            value={range.startDate}
            error={problems.startDate}
            onChange={(value) => change('startDate', value)}
          />
          <DateField
            label="End date"
            value={range.endDate}
            error={problems.endDate}
            onChange={(value) => change('endDate', value)}
          />
        </SimpleGrid>
        {inRange !== null && (
          <Text size="sm" c="dimmed" role="status">
            {inRange.length === 0
              ? `${campaign} has no leads in this range; the file will hold only its header row.`
              : `The report covers ${countOf(inRange.length, 'data date', 'data dates')} with leads.`}
          </Text>
        )}
        {download.outcome}
        <Group justify="flex-end">
          <Button onClick={submit} loading={download.pending}>
            Download Full Report
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
