// The per-row report of a refused CSV upload (agents, leads): which row, which column, and why; and the alert around it.
import { Alert, ScrollArea, Stack, Table, Text } from '@mantine/core';

export type TUploadProblem = { row: number; column: string; reason: string };

type Props = {
  errors: readonly TUploadProblem[];
  /** How many problems the file had; the server reports only the first ones. */
  errorCount: number;
  /** Accessible name of the table. */
  label?: string;
};

export function UploadErrorTable({ errors, errorCount, label = 'Upload errors' }: Props) {
  if (errors.length === 0) return null;
  return (
    <>
      <ScrollArea.Autosize mah={320} type="auto">
        <Table striped withTableBorder stickyHeader aria-label={label}>
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
          Showing the first {errors.length.toLocaleString('en-US')} of {errorCount.toLocaleString('en-US')} problems.
        </Text>
      )}
    </>
  );
}

/** A refused upload: its title, the server's message and the per-row report. */
export function UploadFailureAlert({ title, message, ...table }: Props & { title: string; message: string }) {
  return (
    <Alert color="red" variant="light" role="alert" title={title}>
      <Stack gap="sm">
        <Text size="sm">{message}</Text>
        <UploadErrorTable {...table} />
      </Stack>
    </Alert>
  );
}
