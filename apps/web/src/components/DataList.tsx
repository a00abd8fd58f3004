// The list of every screen (docs/product.md §2 Lists): page sizes, debounced search, table, pager, and loading/empty/error states.
import { useState, type ReactNode } from 'react';
import { CloseButton, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import type { QueryKey } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@crm/shared';
import { PageSizeSelect, Pager } from './Pager.tsx';
import { pagerState } from './pager.ts';
import { useListQuery, type TFetchPage, type TSearch } from './use-list-query.ts';
import { LoadingRow, RetryAlert } from './QueryState.tsx';

export const SEARCH_DEBOUNCE_MS = 300;

/** A column shows row[key] as text unless it has its own render. */
export type DataListColumn<T> =
  | { key: Extract<keyof T, string>; header: ReactNode; render?: undefined; width?: number | string }
  | { key: string; header: ReactNode; render: (row: T) => ReactNode; width?: number | string };

export type DataListProps<T> = {
  /** Prefix of the react-query keys; invalidate it after a change (add, edit, delete) to reload the list. */
  queryKey: QueryKey;
  columns: readonly DataListColumn<T>[];
  /** One server page: page is 0-based (docs/product.md §9). */
  fetchPage: TFetchPage<T>;
  /** Every match of a trimmed, non-empty term; without it the list has no search box. */
  search?: TSearch<T>;
  rowKey: (row: T) => string | number;
  /** The cells of a last "Action" column (edit links, delete buttons). */
  actions?: (row: T) => ReactNode;
  actionsHeader?: string;
  /** Buttons beside the search box, e.g. "Add New". */
  toolbar?: ReactNode;
  /** Accessible name of the table. */
  label?: string;
  /** Wider tables scroll sideways below this width instead of squeezing their columns. */
  minWidth?: number;
};

function formatCell(value: unknown): ReactNode {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function errorMessage(error: unknown): string {
  return error instanceof Error && error.message !== '' ? error.message : 'The list could not be loaded.';
}

export function DataList<T>(props: DataListProps<T>) {
  const {
    queryKey,
    columns,
    fetchPage,
    search,
    rowKey,
    actions,
    actionsHeader = 'Action',
    toolbar,
    label,
    minWidth = 640,
  } = props;
  const [size, setSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [page, setPage] = useState(0);
  const [input, setInput] = useState('');
  const [term, setTerm] = useState('');
  const applyTerm = useDebouncedCallback((value: string) => {
    setTerm(value.trim());
    setPage(0);
  }, SEARCH_DEBOUNCE_MS);

  const query = useListQuery({ queryKey, fetchPage, search, term, page, size });
  const result = query.data;
  const local = result?.page === null;
  const pager = pagerState(result?.page ?? page, size, result?.total ?? 0);
  const rows = result === undefined ? [] : local ? result.rows.slice(pager.from - 1, pager.to) : result.rows;
  const columnCount = columns.length + (actions ? 1 : 0);

  const changeSearch = (value: string) => {
    setInput(value);
    applyTerm(value);
  };
  const clearSearch = () => {
    changeSearch('');
    applyTerm.flush(); // an explicit clear needs no typing pause
  };

  let body: ReactNode;
  if (query.isPending) {
    body = <LoadingRow />;
  } else if (query.isError) {
    body = (
      <RetryAlert
        title="The list could not be loaded"
        message={errorMessage(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (rows.length === 0) {
    body = (
      <Text ta="center" c="dimmed" py="lg">
        No records found
      </Text>
    );
  }

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <PageSizeSelect
          value={size}
          onChange={(next) => {
            setSize(next);
            setPage(0);
          }}
        />
        <Group align="flex-end" gap="sm">
          {search && (
            <TextInput
              label="Search"
              placeholder="Type to search…"
              w={280}
              value={input}
              onChange={(event) => changeSearch(event.currentTarget.value)}
              rightSection={input === '' ? null : <CloseButton aria-label="Clear search" onClick={clearSearch} />}
            />
          )}
          {toolbar}
        </Group>
      </Group>
      <Table.ScrollContainer minWidth={minWidth}>
        <Table
          striped
          highlightOnHover
          withTableBorder
          verticalSpacing="sm"
          bg="var(--mantine-color-body)"
          aria-label={label}
          aria-busy={query.isFetching}
        >
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.key} w={column.width}>
                  {column.header}
                </Table.Th>
              ))}
              {actions && <Table.Th>{actionsHeader}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
            {body === undefined ? (
              rows.map((row) => (
                <Table.Tr key={rowKey(row)}>
                  {columns.map((column) => (
                    <Table.Td key={column.key}>
                      {column.render === undefined ? formatCell(row[column.key]) : column.render(row)}
                    </Table.Td>
                  ))}
                  {actions && <Table.Td>{actions(row)}</Table.Td>}
                </Table.Tr>
              ))
            ) : (
              <Table.Tr>
                <Table.Td colSpan={columnCount}>{body}</Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Pager pager={pager} onPage={setPage} />
    </Stack>
  );
}
