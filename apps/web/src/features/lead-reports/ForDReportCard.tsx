// 'Download Report For D': the generated leads of one data date, with their answers, as for_d_report.csv.
import { useState } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { isIsoDate } from '@crm/shared';
import { dataDatesKey } from '../../app/query-keys.ts';
import { countOf, fetchDataDates, useDateSummary } from '../../components/lead-dates.ts';
import { checkForDReport, type TForDReportForm, type TFormProblems } from './report-form.ts';
import { useReportDownload } from './use-report-download.tsx';
import { DateField } from '../../components/DateField.tsx';

/** How many of the campaign's data dates are offered as one-click choices. */
const QUICK_DATES = 8;

function ForDHint({ campaign, dataDate, dates }: { campaign: string; dataDate: string; dates: string[] | undefined }) {
  const known = dates?.includes(dataDate) ?? false;
  const summary = useDateSummary({ campaign, dataDate: known ? dataDate : '' });
  if (dates === undefined || !isIsoDate(dataDate)) return null;
  let text: string | null = null;
  if (!known) text = `${campaign} has no leads of ${dataDate}; the file will hold only its header row.`;
  else if (summary.isError) text = `The figures of ${dataDate} could not be loaded: ${summary.error.message}`;
  else if (summary.data !== undefined)
    text =
      summary.data.generated === 0
        ? `No lead of ${dataDate} is generated yet; the file will hold only its header row.`
        : `The report lists ${countOf(summary.data.generated, 'generated lead', 'generated leads')} of ${dataDate}.`;
  return text === null ? null : (
    <Text size="sm" c="dimmed" role="status">
      {text}
    </Text>
  );
}

export function ForDReportCard({ campaign }: { campaign: string }) {
  const [dataDate, setDataDate] = useState('');
  const [problems, setProblems] = useState<TFormProblems<TForDReportForm>>({});
  const dates = useQuery({ queryKey: dataDatesKey(campaign), queryFn: () => fetchDataDates(campaign), staleTime: 0 });
  const download = useReportDownload('forD', campaign);

  const choose = (value: string) => {
    setDataDate(value);
    setProblems({});
    download.reset();
  };

  const submit = () => {
    const found = checkForDReport({ campaign, dataDate });
    setProblems(found);
    if (Object.keys(found).length === 0) download.start({ tableName: campaign, dataDate: dataDate.trim() });
  };

  const quick = (dates.data ?? []).slice(0, QUICK_DATES);
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-label="Report For D">
      <Stack gap="md">
        <Title order={2} size="h3">
          Report For D
        </Title>
        <Text size="sm" c="dimmed">
          Every generated lead of one data date, called or not, with its survey answers.
        </Text>
        <DateField label="Data date" value={dataDate} error={problems.dataDate} onChange={choose} />
        {quick.length > 0 && (
          <Group gap="xs" aria-label="Dates with leads" role="group">
            <Text size="xs" c="dimmed">
              Dates with leads:
            </Text>
            {quick.map((d) => (
              <Button key={d} size="compact-xs" variant={d === dataDate ? 'filled' : 'light'} onClick={() => choose(d)}>
                {d}
              </Button>
            ))}
          </Group>
        )}
        <ForDHint campaign={campaign} dataDate={dataDate} dates={dates.data} />
        {download.outcome}
        <Group justify="flex-end">
          <Button onClick={submit} loading={download.pending}>
            Download Report For D
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
