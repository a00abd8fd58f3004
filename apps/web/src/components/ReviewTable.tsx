// The table of the QC Review and Raised Flags screens and their disputes: fixed headers, then the rows, or one
// full-width row saying why there are none (loading, a failure to retry, an empty list). It fits the screen's width
// (1366 px and up) instead of scrolling sideways: long texts wrap, so the comment box and the row's button stay in view.
import type { ReactNode } from 'react';
import { Table } from '@mantine/core';

type Props = { label: string; headers: readonly string[]; busy: boolean; message: ReactNode; children: ReactNode };

export function ReviewTable({ label, headers, busy, message, children }: Props) {
  return (
    <Table.ScrollContainer minWidth={0}>
      <Table striped withTableBorder verticalSpacing="sm" aria-label={label} aria-busy={busy}>
        <Table.Thead>
          <Table.Tr>
            {headers.map((h) => (
              // A header may wrap between words ("Agreed? / Concern") rather than push the row's button out of view.
              <Table.Th key={h}>{h}</Table.Th>
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
