// The QC record lists (/viewQcReports in-house, /QcRecordsClient client): server paging with the common page sizes,
// search, a call-date filter and, for an admin, an inspector filter; the wide table scrolls sideways under three
// fixed columns; each row can be edited or deleted ("Are you sure?", Close, Confirm), after which the list reloads.
import { useState, type CSSProperties } from 'react';
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
import { STICKY_WIDTHS, recordColumns, type TRecordColumn } from './record-columns.tsx';
import { QC_KIND_ROUTES, type TQcRecord } from './record-form.ts';

const TITLES: Record<TQcKind, string> = { 'in-house': 'QC Records Inhouse', client: 'QC Records Client' };

/** A cell that stays in view while the table scrolls sideways. */
function sticky(left: number, width: number): CSSProperties {
  return {
    position: 'sticky', left, width, minWidth: width, maxWidth: width, zIndex: 1, background: 'var(--mantine-color-body)',
    overflow: 'hidden', textOverflow: 'ellipsis',
  };
}
const STICKY = {
  action: sticky(0, STICKY_WIDTHS.action),
  callDate: sticky(STICKY_WIDTHS.action, STICKY_WIDTHS.callDate),
  agentName: { ...sticky(STICKY_WIDTHS.action + STICKY_WIDTHS.callDate, STICKY_WIDTHS.agentName), boxShadow: 'inset -1px 0 0 var(--mantine-color-default-border)' },
} as const;
const stickyStyle = (key: string): CSSProperties | undefined => (key === 'callDate' ? STICKY.callDate : key === 'agentName' ? STICKY.agentName : undefined);

/** Criterion headers wrap their scale hint into a narrow column; the other headers stay on one line. */
function headerStyle(c: TRecordColumn): CSSProperties {
  // Table cells ignore min-width: a width is what keeps a wrapping column from being squeezed.
  if (c.hint !== undefined) return { whiteSpace: 'normal', width: 150, minWidth: 150, verticalAlign: 'top' };
  if (c.maxWidth !== undefined) return { width: c.maxWidth, minWidth: c.maxWidth, verticalAlign: 'top' };
  return { whiteSpace: 'nowrap', verticalAlign: 'top' };
}

type TListResult = { rows: TQcRecord[]; total: number; page: number };

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
  const update = (change: Partial<TListParams>) => setParams(writeListParams(changeListParams(state, change)), { replace: true });

  const query = useQuery({
    queryKey: [...qcListKey(kind), state],
    queryFn: () => loadPage(kind, state),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const result = query.data;
  const pager = pagerState(result?.page ?? state.page, state.size, result?.total ?? 0);
  const columns = recordColumns(kind);
  const routes = QC_KIND_ROUTES[kind];

  const remove = async (record: TQcRecord) => {
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
            <QcListFilters state={state} isAdmin={isAdmin} onChange={update} />
          </Group>
          <Table.ScrollContainer minWidth={2400}>
            <Table striped highlightOnHover withTableBorder verticalSpacing="sm" aria-label="Record List" aria-busy={query.isFetching}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th style={{ ...STICKY.action, verticalAlign: 'top' }}>Action</Table.Th>
                  {columns.map((c) => (
                    <Table.Th key={c.key} style={{ ...headerStyle(c), ...stickyStyle(c.key) }}>
                      {c.header}
                      {c.hint !== undefined && (
                        <Text size="xs" c="dimmed" fw={400}>
                          {c.hint}
                        </Text>
                      )}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
                {message === null ? (
                  (result?.rows ?? []).map((r) => (
                    <Table.Tr key={r.id}>
                      <Table.Td style={STICKY.action}>
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
                        <Table.Td
                          key={c.key}
                          style={{ whiteSpace: c.maxWidth === undefined ? 'nowrap' : 'normal', maxWidth: c.maxWidth, ...stickyStyle(c.key) }}
                        >
                          {c.render(r)}
                        </Table.Td>
                      ))}
                    </Table.Tr>
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
