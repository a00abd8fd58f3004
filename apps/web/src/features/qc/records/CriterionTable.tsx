// The "Quality Criteria | Marks" table of the edit screens: one select per criterion, limited to its scale with its
// hint shown, the three texts, and the total and grade recomputed as the marks change (read-only).
import type { ReactNode } from 'react';
import { Badge, Group, NativeSelect, Table, Text, TextInput, Textarea } from '@mantine/core';
import { MAX_QC_TEXT, QC_CRITERIA, type TQcCriterionKey } from '@crm/shared';
import { GRADE_COLOURS, easChoices, markChoices, scoreOf, type TQcRecordForm } from './record-form.ts';

type Props = {
  form: TQcRecordForm;
  onChange: (form: TQcRecordForm) => void;
  disabled: boolean;
};

function Row({ id, label, hint, children }: { id: string; label: string; hint?: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={500} w="45%">
        <label htmlFor={id}>{label}</label>
        {hint !== undefined && (
          <Text size="xs" c="dimmed" fw={400}>
            {hint}
          </Text>
        )}
      </Table.Th>
      <Table.Td>{children}</Table.Td>
    </Table.Tr>
  );
}

export function CriterionTable({ form, onChange, disabled }: Props) {
  const { total, grade } = scoreOf(form);
  const setMarks = (key: TQcCriterionKey, marks: number) => onChange({ ...form, scores: { ...form.scores, [key]: marks } });
  const setText = (key: 'fatalReason' | 'easVoiceMatchedWithReport' | 'suggestion', value: string) => onChange({ ...form, [key]: value });

  return (
    <Table withTableBorder withColumnBorders verticalSpacing="xs" aria-label="Quality criteria and marks">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Quality Criteria</Table.Th>
          <Table.Th>Marks</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {QC_CRITERIA.map((c) => (
          <Row key={c.key} id={`qc-${c.key}`} label={c.name} hint={c.hint}>
            <NativeSelect
              id={`qc-${c.key}`}
              value={String(form.scores[c.key])}
              data={markChoices(c, form.scores[c.key])}
              disabled={disabled}
              onChange={(event) => setMarks(c.key, Number(event.currentTarget.value))}
            />
          </Row>
        ))}
        <Row id="qc-fatal-reason" label="Fatal Reason">
          <TextInput id="qc-fatal-reason" value={form.fatalReason} maxLength={MAX_QC_TEXT} disabled={disabled} onChange={(event) => setText('fatalReason', event.currentTarget.value)} />
        </Row>
        <Row id="qc-eas" label="EAS voice matched with report ?">
          <NativeSelect
            id="qc-eas"
            value={form.easVoiceMatchedWithReport}
            data={easChoices(form.easVoiceMatchedWithReport)}
            disabled={disabled}
            onChange={(event) => setText('easVoiceMatchedWithReport', event.currentTarget.value)}
          />
        </Row>
        <Row id="qc-suggestion" label="Suggestion">
          <Textarea id="qc-suggestion" autosize minRows={2} value={form.suggestion} maxLength={MAX_QC_TEXT} disabled={disabled} onChange={(event) => setText('suggestion', event.currentTarget.value)} />
        </Row>
        <Row id="qc-total" label="Total" hint="The sum of the 14 criteria; saved by the server">
          <TextInput id="qc-total" value={String(total)} readOnly variant="filled" fw={700} aria-live="polite" />
        </Row>
        <Row id="qc-grade" label="Agent Grade">
          <Group gap="sm" wrap="nowrap">
            <TextInput id="qc-grade" value={grade} readOnly variant="filled" style={{ flex: 1 }} />
            <Badge color={GRADE_COLOURS[grade]} variant="filled" aria-hidden="true">
              {total}
            </Badge>
          </Group>
        </Row>
      </Table.Tbody>
    </Table>
  );
}
