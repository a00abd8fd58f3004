// The QC record lists (/viewQcReports in-house, /QcRecordsClient client): server paging with the common page sizes,
// search, a call-date filter and, for an admin, an inspector filter. The call, agent, date, Total, Grade and the row
// actions fit a 1366 px screen; the 14 criteria open under a row (or show as short columns, by the column chooser).
// Each row can be edited or deleted ("Are you sure?", Close, Confirm), after which the list reloads.
import { Fragment, useState, type CSSProperties } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ActionIcon, Button, Card, Group, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { QC_MESSAGES, type TQcKind } from '@crm/shared';
import { confirmAction } from '../../../components/confirm.tsx';
import { PageSizeSelect, Pager } from '../../../components/Pager.tsx';
import { pagerState } from '../../../components/pager.ts';
import { LoadingRow, RetryAlert } from '../../../components/QueryState.tsx';
import { useSession } from '../../../app/session.ts';
import { QC_RECORDS_KEY, deleteQcRecord, fetchQcRecordPage, qcListKey } from './api.ts';
import { DeleteIcon, EditIcon } from './icons.tsx';
import { changeListParams, hasFilters, readListParams, writeListParams, type TListParams } from './list-params.ts';
import { QcListFilters } from './QcListFilters.tsx';
import { ColumnChooser, useColumnChoice } from './ColumnChooser.tsx';
import { RecordScoresRow, ScoresToggle } from './RecordScores.tsx';
import { recordColumns, shownColumns, type TRecordColumn } from './record-columns.tsx';
import { QC_KIND_ROUTES, type TAnyQcRecord } from './record-form.ts';

const TITLES: Record<TQcKind, string> = { 'in-house': 'QC Records Inhouse', client: 'QC Records Client' };

/** A cell's style: text that wraps stays between its widths, everything else on one line. */
function cellStyle(c: TRecordColumn): CSSProperties {
  return c.wrap === undefined ? { whiteSpace: 'nowrap' } : { whiteSpace: 'normal', minWidth: c.wrap.min, maxWidth: c.wrap.max };
}

/** A short header shows its full name and scale in a tooltip; screen readers hear the full name. */
function ColumnHeader({ column }: { column: TRecordColumn }) {
  if (column.title === undefined) {
    return <Table.Th>{column.header}</Table.Th>;
  }
  return (
    <Table.Th style={{ whiteSpace: 'nowrap' }} aria-label={column.title}>
      <Tooltip label={column.title} multiline maw={320}>
        <span tabIndex={0} style={{ cursor: 'help', textDecoration: 'underline dotted' }}>
          {column.header}
        </span>
      </Tooltip>
    </Table.Th>
  );
}

type TListResult = { rows: TAnyQcRecord[]; total: number; page: number };

async function loadPage(kind: TQcKind, state: TListParams): Promise<TListResult> {
  const reply = await fetchQcRecordPage(kind, state.page, state.size, state);
  const total = reply.response.totalElements;
  const lastPage = Math.max(Math.ceil(total / state.size) - 1, 0);
  // After deletes (or an old link) the page asked for may be past the end: show the last page that has rows.
  if (state.page > lastPage) {
    const last = await fetchQcRecordPage(kind, lastPage, state.size, state);
    return { rows: last.response.content, total: last.response.totalElements, page: lastPage };
  }
  return { rows: reply.response.content, total, page: state.page };
}

export function QcRecordList({ kind }: { kind: TQcKind }) {
  const { session } = useSession();
  const isAdmin = session?.role === 'ADMIN';
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const state = readListParams(params);
  const [deleting, setDeleting] = useState<number | null>(null);
  const [opened, setOpened] = useState<ReadonlySet<number>>(new Set());
  const [choice, setChoice] = useColumnChoice();
  const update = (change: Partial<TListParams>) => setParams(writeListParams(changeListParams(state, change)), { replace: true });

  const query = useQuery({
    queryKey: [...qcListKey(kind), state],
    queryFn: () => loadPage(kind, state),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const result = query.data;
  const pager = pagerState(result?.page ?? state.page, state.size, result?.total ?? 0);
  const toggleScores = (id: number) =>
    setOpened((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const columns = shownColumns(
    recordColumns(kind, (r) => <ScoresToggle record={r} open={opened.has(r.id)} onToggle={() => toggleScores(r.id)} />),
    choice,
  );
  const routes = QC_KIND_ROUTES[kind];

  const remove = async (record: TAnyQcRecord) => {
    if (!(await confirmAction({ body: QC_MESSAGES.deleteText(record.agentName) }))) return;
    setDeleting(record.id);
    try {
      await deleteQcRecord(kind, record.id);
    } catch {
      return; // the API client has shown the server's reason
    } finally {
      setDeleting(null);
    }
    notifications.show({ color: 'green', message: `${record.agentName}'s record was deleted.` });
    await queryClient.invalidateQueries({ queryKey: QC_RECORDS_KEY });
  };

  let message = null;
  if (query.isPending) {
    message = <LoadingRow />;
  } else if (query.isError) {
    message = <RetryAlert title="The records could not be loaded" message={query.error.message} onRetry={() => void query.refetch()} />;
  } else if (result !== undefined && result.rows.length === 0) {
    message = (
      <Stack align="center" gap="xs" py="lg">
        <Text c="dimmed">{hasFilters(state) ? 'No records match these filters.' : 'No records found'}</Text>
        {hasFilters(state) && (
          <Button size="xs" variant="light" onClick={() => update({ search: '', date: '', username: '' })}>
            Clear filters
          </Button>
        )}
      </Stack>
    );
  }
  const backState = { from: params.toString() === '' ? '' : `?${params.toString()}` };

  return (
    <Stack gap="lg">
      <Title order={1}>{TITLES[kind]}</Title>
      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Record List
          </Title>
          <Group justify="space-between" align="flex-end">
            <PageSizeSelect value={state.size} onChange={(size) => update({ size })} />
            <Group align="flex-end" gap="sm">
              <QcListFilters state={state} isAdmin={isAdmin} onChange={update} />
              <ColumnChooser choice={choice} onChange={setChoice} />
            </Group>
          </Group>
          <Table.ScrollContainer minWidth={0}>
            <Table striped highlightOnHover withTableBorder verticalSpacing="xs" aria-label="Record List" aria-busy={query.isFetching}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th style={{ whiteSpace: 'nowrap' }}>Action</Table.Th>
                  {columns.map((c) => (
                    <ColumnHeader key={c.key} column={c} />
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
                {message === null ? (
                  (result?.rows ?? []).map((r) => (
                    <Fragment key={r.id}>
                      <Table.Tr>
                        <Table.Td>
                          <Group gap={4} wrap="nowrap">
                            <Tooltip label="Edit this record">
                              <ActionIcon component={Link} to={routes.edit(r.id)} state={backState} variant="subtle" aria-label={`Edit ${r.agentName}'s record`}>
                                <EditIcon />
                              </ActionIcon>
                            </Tooltip>
                            <Tooltip label="Delete this record">
                              <ActionIcon color="red" variant="subtle" loading={deleting === r.id} aria-label={`Delete ${r.agentName}'s record`} onClick={() => void remove(r)}>
                                <DeleteIcon />
                              </ActionIcon>
                            </Tooltip>
                          </Group>
                        </Table.Td>
                        {columns.map((c) => (
                          <Table.Td key={c.key} style={cellStyle(c)}>
                            {c.render(r)}
                          </Table.Td>
                        ))}
                      </Table.Tr>
                      {opened.has(r.id) && <RecordScoresRow record={r} colSpan={columns.length + 1} />}
                    </Fragment>
                  ))
                ) : (
                  <Table.Tr>
                    <Table.Td colSpan={columns.length + 1}>{message}</Table.Td>
                  </Table.Tr>
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Pager pager={pager} onPage={(page) => update({ page })} />
        </Stack>
      </Card>
    </Stack>
  );
}
