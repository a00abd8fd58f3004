// The pieces the generate, regenerate and delete screens share (docs/product.md §2 Leads, §4): the page frame with Upload CSV
// and one action card, the data date a campaign choice reveals, the date's figures, and one target per selector.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  Alert,
  Button,
  Grid,
  Group,
  Loader,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { TLeadDateSummary } from '@crm/shared';
import { dataDatesKey, fetchDataDates } from './api.ts';
import {
  countOf,
  formatCount,
  generateCeiling,
  groupsText,
  readTarget,
  regenerateCeiling,
  selectorLabel,
  type TActionNotice,
} from './lead-actions.ts';
import { UploadLeadsButton } from './UploadLeadsModal.tsx';
import { RetryAlert } from '../../components/QueryState.tsx';

/**
 * Title, the Upload CSV button and the one action card of a lead screen; an `aside` (e.g. Send to dialer) goes in a
 * second column, so both fit a 1366×768 screen.
 */
export function LeadActionFrame({
  title,
  cardTitle,
  children,
  aside,
}: {
  title: string;
  cardTitle: string;
  children: ReactNode;
  aside?: ReactNode;
}) {
  const card = (
    <Paper
      withBorder
      p="lg"
      radius="md"
      component="section"
      aria-label={cardTitle}
      maw={aside === undefined ? 960 : undefined}
    >
      <Stack gap="md">
        <Title order={2} size="h3">
          {cardTitle}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
  return (
    <Stack gap="lg">
      <Title order={1}>{title}</Title>
      <Group gap="sm">
        <UploadLeadsButton />
        <Button component={Link} to="/leads" variant="subtle">
          Back to leads
        </Button>
      </Group>
      {aside === undefined ? (
        card
      ) : (
        // The action's form gets the wider column (its targets sit three abreast), the aside the rest.
        <Grid gap="md" align="flex-start">
          <Grid.Col span={{ base: 12, md: 7 }}>{card}</Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>{aside}</Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}

/** What the campaign selector of the lead screens says when no campaign has a data table (leads need one). */
export const NO_LEAD_CAMPAIGN = 'No campaign has a data table yet';

/** The 'Data date' select: the campaign's data dates, newest first. */
export function DataDateField({
  campaign,
  value,
  onChange,
  disabled,
}: {
  campaign: string;
  value: string;
  onChange: (dataDate: string) => void;
  disabled?: boolean;
}) {
  const dates = useQuery({ queryKey: dataDatesKey(campaign), queryFn: () => fetchDataDates(campaign), staleTime: 0 });
  const list = dates.data ?? [];
  const placeholder = dates.isPending
    ? 'Loading data dates…'
    : list.length === 0
      ? 'No leads uploaded yet'
      : 'Select data date';
  return (
    <Stack gap="xs">
      <NativeSelect
        label="Data date"
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.currentTarget.value)}
        data={[{ value: '', label: placeholder, disabled: true }, ...list]}
      />
      {dates.isError && (
        <RetryAlert
          title="The data dates could not be loaded"
          message={dates.error.message}
          onRetry={() => void dates.refetch()}
        />
      )}
      {dates.isSuccess && list.length === 0 && (
        <Text size="sm" c="dimmed" role="status">
          {campaign} has no leads yet. Upload a CSV file first.
        </Text>
      )}
    </Stack>
  );
}

// Read by the lead reports too (components/lead-dates.ts).
export { useDateSummary } from '../../components/lead-dates.ts';

/** Shows loading or the failure of the date's figures, and the rest of the card once they are here. */
export function SummaryGate({
  summary,
  children,
}: {
  summary: UseQueryResult<TLeadDateSummary>;
  children: (figures: TLeadDateSummary) => ReactNode;
}) {
  if (summary.isPending) {
    return (
      <Group gap="sm">
        <Loader size="sm" />
        <Text size="sm">Loading the figures of this date…</Text>
      </Group>
    );
  }
  if (summary.isError)
    return (
      <RetryAlert
        title="The figures of this date could not be loaded"
        message={summary.error.message}
        onRetry={() => void summary.refetch()}
      />
    );
  return children(summary.data);
}

/** The outcome of the last action, kept on the card beside the notification. */
export function ActionNotice({ notice }: { notice: TActionNotice | null }) {
  if (notice === null) return null;
  const color = notice.tone === 'error' ? 'red' : notice.tone === 'warning' ? 'yellow' : 'green';
  return (
    <Alert color={color} variant="light" role={notice.tone === 'success' ? 'status' : 'alert'} title={notice.title}>
      {notice.message}
    </Alert>
  );
}

type TargetMode = 'generate' | 'regenerate';

const TARGET_HELP: Record<TargetMode, string> = {
  generate:
    'A target applies to each br_id group of its selector: 10 on a selector with 12 br_id groups marks up to 10 fresh leads in each group, up to 120 in all (valid leads first, then in upload order). Leave a selector blank to skip it.',
  regenerate:
    'Regenerate adds fresh leads per br_id group: up to the target in each group, and never more than the generated leads of that group not called yet. Leave a selector blank to skip it.',
};

function selectorFigures(mode: TargetMode, s: TLeadDateSummary['selectors'][number]): string {
  const fresh = `${formatCount(s.fresh)} fresh of ${formatCount(s.total)}`;
  const applies =
    s.groups === 1
      ? 'the target applies to its one br_id group'
      : `the target applies to each of its ${groupsText(s.groups)}`;
  return mode === 'generate'
    ? `${fresh}; ${applies}`
    : `${formatCount(s.uncalled)} generated not called yet; ${fresh}; ${groupsText(s.groups)}`;
}

type TargetInputsProps = {
  mode: TargetMode;
  summary: TLeadDateSummary;
  values: Record<string, string>;
  errors: Record<string, string>;
  onChange: (selector: string, value: string) => void;
  disabled: boolean;
};

/** One number input per target selector of the date, labelled with the selector. */
export function TargetInputs({ mode, summary, values, errors, onChange, disabled }: TargetInputsProps) {
  if (summary.selectors.length === 0) return null;
  const ceiling = mode === 'generate' ? generateCeiling : regenerateCeiling;
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {TARGET_HELP[mode]}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
        {summary.selectors.map((s) => {
          const target = readTarget(values[s.targetSelector]);
          const yields =
            target === null || Number.isNaN(target) ? '' : ` → up to ${countOf(ceiling(target, s), 'lead', 'leads')}`;
          return (
            <TextInput
              key={s.targetSelector}
              type="number"
              min={0}
              step={1}
              inputMode="numeric"
              label={selectorLabel(s.targetSelector)}
              placeholder="Not generated"
              description={`${selectorFigures(mode, s)}${yields}`}
              value={values[s.targetSelector] ?? ''}
              error={errors[s.targetSelector]}
              disabled={disabled}
              onChange={(event) => onChange(s.targetSelector, event.currentTarget.value)}
            />
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
