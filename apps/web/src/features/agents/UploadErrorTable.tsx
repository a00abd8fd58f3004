// The per-row report of a refused agent CSV: which row, which column, and why.
import { ScrollArea, Table, Text } from '@mantine/core';
import type { TAgentUploadError } from '@crm/shared';

type Props = { errors: readonly TAgentUploadError[]; errorCount: number };

export function UploadErrorTable({ errors, errorCount }: Props) {
  if (errors.length === 0) return null;
  return (
    <>
      <ScrollArea.Autosize mah={320} type="auto">
        <Table striped withTableBorder stickyHeader aria-label="Upload errors">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={70}>Row</Table.Th>
              <Table.Th w={150}>Column</Table.Th>
              <Table.Th>Reason</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {errors.map((e, i) => (
              <Table.Tr key={`${e.row}:${e.column}:${i}`}>
                <Table.Td>{e.row}</Table.Td>
                <Table.Td>{e.column || '—'}</Table.Td>
                <Table.Td>{e.reason}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      {errorCount > errors.length && (
        <Text size="sm" c="dimmed">
          Showing the first {errors.length} of {errorCount} problems.
        </Text>
      )}
    </>
  );
}
