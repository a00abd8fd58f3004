// The QC record lists (/viewQcReports in-house, /QcRecordsClient client): server paging by key (First, Previous, Next,
// Last and "Go to call date": docs/api.md "Pages") with the common page sizes, search, a call-date filter and, for an
// admin, an inspector filter. The call, agent, date, Total, Grade and the row
// actions fit a 1366 px screen; the 14 criteria open under a row (or show as short columns, by the column chooser).
// Each row can be edited or deleted ("Are you sure?", Close, Confirm), after which the list reloads.
import { Fragment, useState, type CSSProperties, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ActionIcon, Button, Card, Group, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { QC_MESSAGES, type TQcKind } from '@crm/shared';
import { confirmAction } from '../../../components/confirm.tsx';
import { DateField } from '../../../components/DateField.tsx';
import { KeysetPager, PageSizeSelect } from '../../../components/Pager.tsx';
import { keysetPagerState, nextNav, previousNav, type TKeysetNav } from '../../../components/pager.ts';
import { LoadingRow, RetryAlert } from '../../../components/QueryState.tsx';
import { ClientRecordingCell, useClientRecordingsAllowed } from '../../../components/recording/ClientRecordingCell.tsx';
import { useSession } from '../../../app/session.ts';
import { useAddressState } from '../../../app/use-search-update.ts';
import { QC_RECORDS_KEY, deleteQcRecord, fetchQcRecordPage, qcListKey } from './api.ts';
import { DeleteIcon, EditIcon } from './icons.tsx';
import {
  FIRST_PAGE,
  changeListParams,
  hasFilters,
  pageQuery,
  readListParams,
  writeListParams,
  type TListPage,
} from './list-params.ts';
import { QcListFilters } from './QcListFilters.tsx';
import { ColumnChooser, useColumnChoice } from './ColumnChooser.tsx';
import { RecordScoresRow, ScoresToggle } from './RecordScores.tsx';
import { recordColumns, shownColumns, type TRecordColumn } from './record-columns.tsx';
import { QC_KIND_ROUTES, type TAnyQcRecord } from './record-form.ts';

const TITLES: Record<TQcKind, string> = { 'in-house': 'QC Records Inhouse', client: 'QC Records Client' };

/** A cell's style: text that wraps stays between its widths, everything else on one line. */
function cellStyle(c: TRecordColumn): CSSProperties {
  return c.wrap === undefined
    ? { whiteSpace: 'nowrap' }
    : { whiteSpace: 'normal', minWidth: c.wrap.min, maxWidth: c.wrap.max };
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

/** The pager's view of how the page was reached: a date to start at (or an address) does not place it. */
function navOf(page: TListPage): TKeysetNav {
  return page.kind === 'from' ? { kind: 'unplaced' } : page;
}

/** `aside`: shown right of the title (the in-house list's link to the unacknowledged records). */
const LIST_ADDRESS = { read: readListParams, write: writeListParams, change: changeListParams };
const REPLACE = { replace: true };

export function QcRecordList({ kind, aside }: { kind: TQcKind; aside?: ReactNode }) {
  const { session } = useSession();
  const isAdmin = session?.role === 'ADMIN';
  // A client account reads its campaigns' records only: no edit, no delete (docs/guide/clients.md).
  const readOnly = session?.role === 'CLIENT';
  // A client account allowed to play recordings gets a Play button per record, first, where the staff's actions are
  // (docs/guide/clients.md "Recordings").
  const playable = useClientRecordingsAllowed(readOnly);
  const extraColumns = (readOnly ? 0 : 1) + (playable ? 1 : 0);
  const queryClient = useQueryClient();
  const [state, update] = useAddressState(LIST_ADDRESS, REPLACE);
  const [deleting, setDeleting] = useState<number | null>(null);
  const [opened, setOpened] = useState<ReadonlySet<number>>(new Set());
  const [choice, setChoice] = useColumnChoice();

  const query = useQuery({
    queryKey: [...qcListKey(kind), state],
    queryFn: () => fetchQcRecordPage(kind, pageQuery(state.page), state.size, state),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const reply = query.data;
  const result = reply === undefined ? undefined : { rows: reply.response.content };
  const cursors = reply?.cursors;
  const pager = keysetPagerState(navOf(state.page), {
    number: reply?.response.number ?? 0,
    totalElements: reply?.response.totalElements ?? 0,
    count: result?.rows.length ?? 0,
    hasPrevious: (cursors?.previous ?? null) !== null,
    hasNext: (cursors?.next ?? null) !== null,
  });
  const jumpDate = state.page.kind === 'from' ? state.page.date : '';
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
    message = (
      <RetryAlert
        title="The records could not be loaded"
        message={query.error.message}
        onRetry={() => void query.refetch()}
      />
    );
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
  const address = writeListParams(state).toString();
  const backState = { from: address === '' ? '' : `?${address}` };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={1}>{TITLES[kind]}</Title>
        {aside}
      </Group>
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
            <Table
              striped
              highlightOnHover
              withTableBorder
              verticalSpacing="xs"
              aria-label="Record List"
              aria-busy={query.isFetching}
            >
              <Table.Thead>
                <Table.Tr>
                  {!readOnly && <Table.Th style={{ whiteSpace: 'nowrap' }}>Action</Table.Th>}
                  {playable && <Table.Th>Recording</Table.Th>}
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
                        {!readOnly && (
                          <Table.Td>
                            <Group gap={4} wrap="nowrap">
                              <Tooltip label="Edit this record">
                                <ActionIcon
                                  component={Link}
                                  to={routes.edit(r.id)}
                                  state={backState}
                                  variant="subtle"
                                  aria-label={`Edit ${r.agentName}'s record`}
                                >
                                  <EditIcon />
                                </ActionIcon>
                              </Tooltip>
                              <Tooltip label="Delete this record">
                                <ActionIcon
                                  color="red"
                                  variant="subtle"
                                  loading={deleting === r.id}
                                  aria-label={`Delete ${r.agentName}'s record`}
                                  onClick={() => void remove(r)}
                                >
                                  <DeleteIcon />
                                </ActionIcon>
                              </Tooltip>
                            </Group>
                          </Table.Td>
                        )}
                        {playable && (
                          <Table.Td style={{ whiteSpace: 'nowrap' }}>
                            <ClientRecordingCell
                              qcRecordId={r.id}
                              label={`Recording of ${r.agentName}'s call of ${r.callDate}`}
                            />
                          </Table.Td>
                        )}
                        {columns.map((c) => (
                          <Table.Td key={c.key} style={cellStyle(c)}>
                            {c.render(r)}
                          </Table.Td>
                        ))}
                      </Table.Tr>
                      {opened.has(r.id) && <RecordScoresRow record={r} colSpan={columns.length + extraColumns} />}
                    </Fragment>
                  ))
                ) : (
                  <Table.Tr>
                    <Table.Td colSpan={columns.length + extraColumns}>{message}</Table.Td>
                  </Table.Tr>
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <KeysetPager
            pager={pager}
            onFirst={() => update({ page: FIRST_PAGE })}
            onPrevious={() => cursors?.previous && update({ page: previousNav(pager, cursors.previous) })}
            onNext={() => cursors?.next && update({ page: nextNav(pager, cursors.next) })}
            onLast={() => update({ page: { kind: 'last' } })}
          >
            <DateField
              label="Go to call date"
              w={170}
              size="xs"
              value={jumpDate}
              onChange={(date) => update({ page: date === '' ? FIRST_PAGE : { kind: 'from', date } })}
              clearLabel="Clear the call date to go to"
            />
          </KeysetPager>
        </Stack>
      </Card>
    </Stack>
  );
}
