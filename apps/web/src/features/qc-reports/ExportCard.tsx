// The card "Download QC Reports": the report type reveals its date or range; Reset clears everything; Export Report
// starts the xlsx download once the form is complete and valid, and says how it went.
import { Alert, Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { QC_REPORT_TYPES, type TQcReportType } from '@crm/shared';
import { DateField } from '../../components/DateField.tsx';
import { REPORT_FAILED, startedText } from '../../components/download-notice.ts';
import { startQcExport } from './api.ts';
import {
  EMPTY_QC_REPORT_FORM,
  checkQcReportForm,
  dateSourceOf,
  exportRequestOf,
  inputsOf,
  isReportType,
  type TQcExportRequest,
  type TQcReportForm,
} from './qc-report-form.ts';
import { ReportDateField } from './ReportDateField.tsx';

/** Why Export Report is still disabled, when no inline problem already says so. */
export function exportHint(form: TQcReportForm): string | null {
  const check = checkQcReportForm(form);
  if (check.ready || Object.keys(check.problems).length > 0) return null;
  const inputs = inputsOf(form.type);
  if (inputs === 'none') return 'Choose a report type first.';
  return inputs === 'date'
    ? 'Choose a date to export this report.'
    : 'Choose a start and an end date to export this report.';
}

/** `types`: the report types offered (a client account: its client records only); all of them by default. */
type Props = { form: TQcReportForm; onChange: (form: TQcReportForm) => void; types?: readonly TQcReportType[] };

export function ExportCard({ form, onChange, types = QC_REPORT_TYPES }: Props) {
  const exporter = useMutation({
    mutationFn: (request: TQcExportRequest) => startQcExport(request),
    onError: (error) =>
      notifications.show({ color: 'red', title: REPORT_FAILED, message: error.message, autoClose: 8000 }),
  });
  const check = checkQcReportForm(form);
  const request = exportRequestOf(form);
  const inputs = inputsOf(form.type);
  const source = dateSourceOf(form.type);
  const hint = exportHint(form);

  // Any change makes the last export's outcome stale.
  const update = (next: TQcReportForm) => {
    exporter.reset();
    onChange(next);
  };

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="qc-export-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="qc-export-title">
          Download QC Reports
        </Title>
        <NativeSelect
          label="Choose Report Type"
          value={form.type}
          onChange={(event) => {
            const value = event.currentTarget.value;
            // A new type starts from empty dates: the daily types' lists differ, and Monthly takes a range.
            update({ ...EMPTY_QC_REPORT_FORM, type: isReportType(value) ? value : '' });
          }}
          data={[{ value: '', label: 'Select report type', disabled: true }, ...types]}
        />
        {inputs === 'date' && source !== null && (
          <ReportDateField
            key={source}
            source={source}
            value={form.date}
            error={check.problems.date}
            onChange={(date) => update({ ...form, date })}
          />
        )}
        {inputs === 'range' && (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <DateField
              label="Start"
              value={form.startDate}
              error={check.problems.startDate}
              onChange={(startDate) => update({ ...form, startDate })}
            />
            <DateField
              label="End"
              value={form.endDate}
              error={check.problems.endDate}
              onChange={(endDate) => update({ ...form, endDate })}
            />
          </SimpleGrid>
        )}
        {exporter.isError && (
          <Alert color="red" variant="light" role="alert" title={REPORT_FAILED}>
            {exporter.error.message}
          </Alert>
        )}
        {exporter.isSuccess && (
          <Alert color="green" variant="light" role="status">
            {startedText(exporter.data)}
          </Alert>
        )}
        {hint !== null && (
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => update(EMPTY_QC_REPORT_FORM)}>
            Reset
          </Button>
          <Button
            disabled={request === null}
            loading={exporter.isPending}
            onClick={() => request !== null && exporter.mutate(request)}
          >
            Export Report
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
