// The wide table of the QC Review and Raised Flags screens: fixed headers, then the rows, or one full-width row
// saying why there are none (loading, a failure to retry, an empty list).
import type { ReactNode } from 'react';
import { Table } from '@mantine/core';

type Props = { label: string; headers: readonly string[]; minWidth: number; busy: boolean; message: ReactNode; children: ReactNode };

export function ReviewTable({ label, headers, minWidth, busy, message, children }: Props) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped withTableBorder verticalSpacing="sm" aria-label={label} aria-busy={busy}>
        <Table.Thead>
          <Table.Tr>
            {headers.map((h) => (
              <Table.Th key={h} style={{ whiteSpace: 'nowrap' }}>
                {h}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {message === null ? (
            children
          ) : (
            <Table.Tr>
              <Table.Td colSpan={headers.length}>{message}</Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
