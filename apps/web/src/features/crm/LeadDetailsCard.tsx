// The lead on the call, beside the survey: who to ask for, where, which brand and list, and whether it was called already.
import { Alert, Paper, Stack, Table, Title } from '@mantine/core';
import type { TLead } from '@crm/shared';
import { isCalledLead, leadDetails } from './lead-view.ts';

export const ALREADY_CALLED = 'This lead is already marked as called';

export function LeadDetailsCard({ lead }: { lead: TLead }) {
  return (
    <Paper withBorder p="md" component="section" aria-label="Lead details">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Lead details
        </Title>
        {isCalledLead(lead) && (
          <Alert color="yellow" variant="light" p="xs">
            {ALREADY_CALLED}
          </Alert>
        )}
        <Table withRowBorders={false} verticalSpacing={4} horizontalSpacing="xs">
          <Table.Tbody>
            {leadDetails(lead).map(({ label, value }) => (
              <Table.Tr key={label}>
                <Table.Th scope="row" fw={500} c="dimmed" w="45%" style={{ verticalAlign: 'top' }}>
                  {label}
                </Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}
