// Under an agent's reviewed record: each criterion of the record's scorecard with the choice, marks out of the best and
// the inspector's comment (docs/scorecards.md, QC panel), so the agent reads why before agreeing or disputing.
import { Badge, Table, Text } from '@mantine/core';
import type { TScorecardBlock } from '@crm/shared';

export function ScoredCriteria({ block, label }: { block: TScorecardBlock; label: string }) {
  return (
    <Table withTableBorder fz="xs" verticalSpacing={2} aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>
            {block.name} v{block.version}
          </Table.Th>
          <Table.Th>Choice</Table.Th>
          <Table.Th>Marks</Table.Th>
          <Table.Th>Inspector’s comment</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {block.criteria.map((c) => (
          <Table.Tr key={c.key}>
            <Table.Td>{c.name}</Table.Td>
            <Table.Td>
              {c.choice ?? 'N/A'}
              {c.autoFailed && (
                <Badge ml={4} size="xs" color="red">
                  auto-fail
                </Badge>
              )}
            </Table.Td>
            <Table.Td>{c.marks === null ? '—' : `${c.marks} / ${c.bestMarks}`}</Table.Td>
            <Table.Td>
              <Text size="xs" style={{ whiteSpace: 'pre-wrap' }}>
                {c.comment === '' ? '—' : c.comment}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
