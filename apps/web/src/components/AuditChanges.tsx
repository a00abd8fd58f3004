// An audit entry's changes as lines "field: before → after" (counts for bulk work), folded past a few lines so one
// big entry (a whole agent created) does not push the rest away. Used by /audit and a QC record's history.
import { Spoiler, Stack, Text } from '@mantine/core';
import { auditChangeLines, type TAuditChanges } from '@crm/shared';

const FOLDED_LINES = 4;
const LINE_HEIGHT = 20;

/** `empty`: what to show when the entry recorded no fields (nothing at all when not given). */
export function AuditChanges({ changes, empty }: { changes: TAuditChanges; empty?: string }) {
  const lines = auditChangeLines(changes);
  if (lines.length === 0)
    return empty === undefined ? null : (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  const list = (
    <Stack gap={0}>
      {lines.map((line, index) => (
        <Text key={`${line.field}:${index}`} size="sm" lh={`${LINE_HEIGHT}px`} style={{ overflowWrap: 'anywhere' }}>
          {line.field !== '' && (
            <Text span fw={600} size="sm">
              {line.field}:{' '}
            </Text>
          )}
          {line.text}
        </Text>
      ))}
    </Stack>
  );
  if (lines.length <= FOLDED_LINES) return list;
  return (
    <Spoiler maxHeight={FOLDED_LINES * LINE_HEIGHT} showLabel={`Show all ${lines.length}`} hideLabel="Show less">
      {list}
    </Spoiler>
  );
}
