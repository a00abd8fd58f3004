// The lead on the call, beside the survey: who to ask for, where, which brand and list, and whether it was called already.
// Compact (a call fits a 1366×768 screen); the number to dial stays on one line.
import { Alert, Paper, Stack, Table, Title } from '@mantine/core';
import type { TLead } from '@crm/shared';
import { CELL_NUMBER_LABEL, isCalledLead, leadDetails } from '../../components/lead/lead-view.ts';

export const ALREADY_CALLED = 'This lead is already marked as called';

export function LeadDetailsCard({ lead }: { lead: TLead }) {
  return (
    <Paper withBorder p="sm" component="section" aria-label="Lead details">
      <Stack gap={6}>
        <Title order={2} size="h5">
          Lead details
        </Title>
        {isCalledLead(lead) && (
          <Alert color="yellow" variant="light" p={6}>
            {ALREADY_CALLED}
          </Alert>
        )}
        <Table withRowBorders={false} verticalSpacing={2} horizontalSpacing={6} fz="sm">
          <Table.Tbody>
            {leadDetails(lead).map(({ label, value }) => (
              <Table.Tr key={label}>
                <Table.Th scope="row" fw={500} c="dimmed" w="42%" style={{ verticalAlign: 'top' }}>
                  {label}
                </Table.Th>
                <Table.Td
                  style={
                    label === CELL_NUMBER_LABEL
                      ? { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }
                      : { overflowWrap: 'anywhere' }
                  }
                >
                  {value}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}
