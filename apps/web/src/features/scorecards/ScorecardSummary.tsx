// A published or retired version read-only: its rules (mode, pass mark, auto-fail, grade bands) and every section's
// criteria with their scales and flags, compact enough to read 40 criteria at 1366×768.
import { Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { TScorecardDefinition } from '@crm/shared';
import { AUTO_FAIL_LABELS } from './BuilderForm.tsx';
import { sectionStarts } from './scorecard-draft.ts';

export function ScorecardSummary({ definition }: { definition: TScorecardDefinition }) {
  const bands = [...definition.gradeBands].sort((a, b) => b.from - a.from);
  const starts = sectionStarts(definition.sections);
  return (
    <Stack gap="sm">
      {definition.description !== '' && <Text size="sm">{definition.description}</Text>}
      <Group gap="lg">
        <Text size="sm">
          <b>Scoring:</b> {definition.scoringMode === 'weighted' ? 'weighted sections' : 'points'}
        </Text>
        <Text size="sm">
          <b>Pass mark:</b> {definition.passMark}
        </Text>
        <Text size="sm">
          <b>Auto-fail:</b> {AUTO_FAIL_LABELS[definition.autoFailResult]}
        </Text>
      </Group>
      <Text size="sm">
        <b>Grades:</b> {bands.map((b) => `${b.name} from ${b.from}`).join(' · ')}
      </Text>
      {definition.sections.map((section, s) => (
        <Paper key={section.name} withBorder p="xs" component="section" aria-label={section.name}>
          <Title order={3} size="h5" mb={4}>
            {section.name}
            {definition.scoringMode === 'weighted' ? ` · weight ${section.weight ?? '—'}` : ''}
          </Title>
          <Table fz="sm" verticalSpacing={4}>
            <Table.Tbody>
              {section.criteria.map((c, i) => {
                const number = (starts[s] ?? 0) + i + 1;
                return (
                  <Table.Tr key={c.key}>
                    <Table.Td w={32} c="dimmed">
                      {number}.
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {c.name}{' '}
                        <Text span size="xs" c="dimmed">
                          ({c.key})
                        </Text>
                      </Text>
                      <Text size="xs">{c.question}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {c.choices.map((ch) => (
                          <Badge
                            key={ch.label}
                            size="sm"
                            tt="none"
                            variant="light"
                            color={c.autoFailChoice === ch.label ? 'red' : 'gray'}
                          >
                            {ch.label} {ch.marks}
                          </Badge>
                        ))}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {c.allowNa && <Badge size="xs">N/A allowed</Badge>}
                        {c.autoFailChoice !== null && (
                          <Badge size="xs" color="red">
                            auto-fail: {c.autoFailChoice}
                          </Badge>
                        )}
                        {c.commentRequired && <Badge size="xs">comment required</Badge>}
                        {c.tags.map((t) => (
                          <Badge key={t} size="xs" variant="outline">
                            {t}
                          </Badge>
                        ))}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Paper>
      ))}
    </Stack>
  );
}
