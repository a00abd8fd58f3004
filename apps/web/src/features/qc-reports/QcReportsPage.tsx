// /QcReports (docs/product.md §2 QC Reports screen, §4 report type selection): the export card, and beside it the chosen
// day's grade distribution (daily types) or the agents' daily averages over the range (Monthly).
import { useState } from 'react';
import '@mantine/charts/styles.css';
import { Grid, Paper, Stack, Text, Title } from '@mantine/core';
import type { TQcReportType } from '@crm/shared';
import { useSession } from '../../app/session.ts';
import { ExportCard } from './ExportCard.tsx';
import { GradeDistributionPanel } from './GradeDistributionPanel.tsx';
import { checkQcReportForm, EMPTY_QC_REPORT_FORM, inputsOf, type TQcReportForm } from './qc-report-form.ts';
import { RangeSummaryPanel } from './RangeSummaryPanel.tsx';

function ReportCharts({ form }: { form: TQcReportForm }) {
  const inputs = inputsOf(form.type);
  if (checkQcReportForm(form).ready) {
    return inputs === 'date' ? (
      <GradeDistributionPanel date={form.date} />
    ) : (
      <RangeSummaryPanel range={{ startDate: form.startDate, endDate: form.endDate }} />
    );
  }
  const hint =
    inputs === 'none'
      ? 'Choose a report type: a daily report shows how the day’s records fell in the grades, the monthly summary each agent’s daily averages.'
      : inputs === 'date'
        ? 'Choose a date to see how its records fell in the grades.'
        : 'Choose a valid range to see each agent’s daily averages.';
  return (
    <Paper withBorder p="lg" radius="md">
      <Text size="sm" c="dimmed">
        {hint}
      </Text>
    </Paper>
  );
}

/** A client account's one report: its campaigns' client records (the summaries mix kinds; docs/guide/clients.md). */
const CLIENT_REPORT_TYPES: readonly TQcReportType[] = ['Daily Qc Records (Client)'];

export default function QcReportsPage() {
  const [form, setForm] = useState<TQcReportForm>(EMPTY_QC_REPORT_FORM);
  const { session } = useSession();
  if (session?.role === 'CLIENT') {
    return (
      <Stack gap="lg">
        <Title order={1}>QC Reports</Title>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <ExportCard form={form} onChange={setForm} types={CLIENT_REPORT_TYPES} />
          </Grid.Col>
        </Grid>
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <Title order={1}>QC Reports</Title>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <ExportCard form={form} onChange={setForm} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <ReportCharts form={form} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
