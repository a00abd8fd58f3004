// A cross-tab: any choice or number question or lead field against any other, as counts, row % or column %, with the
// totals and as stacked bars following the same choice; the row and column kept in the address, and exported as an xlsx
// with its own sheet. Many columns scroll inside the table's and the chart's own boxes, the row names kept in view.
import { Button, Group, NativeSelect, ScrollArea, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { TResultQuestion } from '@crm/shared';
import { LoadingRow, RetryAlert } from '../../components/QueryState.tsx';
import { crosstabKey, downloadResults, fetchCrosstab, isBusy } from './api.ts';
import { CrosstabChart } from './CrosstabChart.tsx';
import {
  crosstabCell,
  crosstabTotal,
  type TCrosstabShow,
  type TResultsFilters,
  type TResultsParams,
} from './results-params.ts';

export const CROSSTAB_FAILED = 'The cross-tab could not be loaded';
const SHOW_CHOICES: { value: TCrosstabShow; label: string }[] = [
  { value: 'count', label: 'Counts' },
  { value: 'row', label: 'Row %' },
  { value: 'col', label: 'Column %' },
];

/** The row names' column stays at the left while the cells scroll under it. */
const STICKY_FIRST = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
} as const;

/** What a row or column may be: the choice and number questions (text answers are each their own), then the lead fields. */
function axisChoices(questions: TResultQuestion[], leadFields: string[]) {
  return [
    { value: '', label: 'Pick…', disabled: true },
    {
      group: 'Questions',
      items: questions
        .filter((q) => q.options !== undefined || q.numbers !== undefined)
        .map((q) => ({ value: q.qno, label: `${q.qno} ${q.title}`.slice(0, 60) })),
    },
    { group: 'Lead fields', items: leadFields.map((f) => ({ value: f, label: f })) },
  ];
}

export function CrosstabPanel({
  filters,
  params,
  update,
  questions,
  leadFields,
}: {
  filters: TResultsFilters;
  params: TResultsParams;
  update: (change: Partial<TResultsParams>) => void;
  questions: TResultQuestion[];
  leadFields: string[];
}) {
  const { row, col, show } = params;
  const chosen = row !== '' && col !== '';
  const crosstab = useQuery({
    queryKey: crosstabKey(filters, row, col),
    queryFn: ({ signal }) => fetchCrosstab(filters, row, col, signal),
    enabled: chosen,
    placeholderData: keepPreviousData,
    retry: (failures, error) => failures < 5 && isBusy(error),
    retryDelay: 1000,
  });
  const exporter = useMutation({
    mutationFn: () => downloadResults(filters, { format: 'xlsx', fields: params.fields, row, col }),
  });
  const choices = axisChoices(questions, leadFields);
  const ct = chosen ? crosstab.data : undefined;
  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end" justify="space-between">
        <Group gap="sm" align="flex-end">
          <NativeSelect
            label="Rows"
            w={240}
            value={row}
            data={choices}
            onChange={(event) => update({ row: event.currentTarget.value })}
          />
          <NativeSelect
            label="Columns"
            w={240}
            value={col}
            data={choices}
            onChange={(event) => update({ col: event.currentTarget.value })}
          />
          <SegmentedControl
            aria-label="Cells show"
            value={show}
            data={SHOW_CHOICES}
            onChange={(value) => update({ show: value as TCrosstabShow })}
          />
        </Group>
        <Group gap="xs">
          {exporter.isError && (
            <Text size="sm" c="red" role="alert">
              The cross-tab could not be exported: {exporter.error.message}
            </Text>
          )}
          {exporter.isSuccess && (
            <Text size="sm" c="dimmed" role="status">
              Saved {exporter.data}
            </Text>
          )}
          <Button variant="default" disabled={!chosen} loading={exporter.isPending} onClick={() => exporter.mutate()}>
            Export cross-tab (xlsx)
          </Button>
        </Group>
      </Group>
      {!chosen && (
        <Text size="sm" role="status">
          Pick a question or lead field for the rows and another for the columns.
        </Text>
      )}
      {chosen && crosstab.isPending && <LoadingRow />}
      {chosen && crosstab.isError && (
        <RetryAlert title={CROSSTAB_FAILED} message={crosstab.error.message} onRetry={() => void crosstab.refetch()} />
      )}
      {ct !== undefined && ct.total === 0 && (
        <Text size="sm" role="status">
          No calls under these filters have both a {row} and a {col}. Widen the dates or clear a filter.
        </Text>
      )}
      {ct !== undefined && ct.total > 0 && (
        <ScrollArea type="auto" offsetScrollbars scrollbars="x" data-testid="crosstab-table-box">
          <Table
            striped
            withTableBorder
            withColumnBorders
            fz="sm"
            verticalSpacing={4}
            horizontalSpacing="xs"
            style={{ whiteSpace: 'nowrap' }}
          >
            <Table.Caption>
              {row} by {col}
              {show === 'row' ? ', % of each row' : show === 'col' ? ', % of each column' : ', calls'}
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th style={STICKY_FIRST}>
                  {row} \ {col}
                </Table.Th>
                {ct.cols.map((c) => (
                  <Table.Th key={c} ta="right">
                    {c}
                  </Table.Th>
                ))}
                <Table.Th ta="right">Total</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {ct.rows.map((r, ri) => (
                <Table.Tr key={r}>
                  <Table.Th scope="row" fw={500} style={STICKY_FIRST}>
                    {r}
                  </Table.Th>
                  {ct.cols.map((c, ci) => (
                    <Table.Td key={c} ta="right">
                      {crosstabCell(ct, ri, ci, show)}
                    </Table.Td>
                  ))}
                  <Table.Td ta="right" fw={600}>
                    {crosstabTotal(ct, ct.rowTotals[ri] ?? 0, 'row', show)}
                  </Table.Td>
                </Table.Tr>
              ))}
              <Table.Tr>
                <Table.Th scope="row" style={STICKY_FIRST}>
                  Total
                </Table.Th>
                {ct.cols.map((c, ci) => (
                  <Table.Td key={c} ta="right" fw={600}>
                    {crosstabTotal(ct, ct.colTotals[ci] ?? 0, 'col', show)}
                  </Table.Td>
                ))}
                <Table.Td ta="right" fw={700}>
                  {crosstabTotal(ct, ct.total, show === 'col' ? 'col' : 'row', show)}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      {ct !== undefined && ct.total > 0 && <CrosstabChart ct={ct} show={show} row={row} col={col} />}
    </Stack>
  );
}
