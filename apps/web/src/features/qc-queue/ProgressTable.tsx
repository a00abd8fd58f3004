// One table of the queue's progress: a section named for screen readers, its title, a line on what it counts, and the
// table itself, scrolling within the height left on a 1366×768 screen under a header that stays in view.
import type { ReactNode } from 'react';
import { Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';

/** The window's height less the top bar, title, tabs, the card's title and note and its padding. */
const TABLE_HEIGHT = 'max(200px, calc(100dvh - 300px))';

export type TProgressColumn<T> = { header: ReactNode; cell: (row: T) => ReactNode };

type Props<T> = {
  /** The section's accessible name. */
  label: string;
  title: ReactNode;
  /** What the table counts. */
  note: string;
  columns: readonly TProgressColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** One row saying so when there is nothing to count; without it an empty table shows only its headers. */
  emptyText?: string;
};

export function ProgressTable<T>({ label, title, note, columns, rows, rowKey, emptyText }: Props<T>) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={label}>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Text size="xs" c="dimmed">
          {note}
        </Text>
        <ScrollArea.Autosize mah={TABLE_HEIGHT}>
          <Table striped fz="sm" stickyHeader>
            <Table.Thead>
              <Table.Tr>
                {columns.map((column, i) => (
                  <Table.Th key={i}>{column.header}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.length === 0 && emptyText !== undefined && (
                <Table.Tr>
                  <Table.Td colSpan={columns.length}>
                    <Text c="dimmed" ta="center" size="sm">
                      {emptyText}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {rows.map((row) => (
                <Table.Tr key={rowKey(row)}>
                  {columns.map((column, i) => (
                    <Table.Td key={i}>{column.cell(row)}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      </Stack>
    </Paper>
  );
}
