// The entries of /audit: when, who (role, address), what was done to which object, and each changed field as
// "field: before → after" (counts for bulk work). The table fits the page's width; long values wrap, long lists fold.
import type { ReactNode } from 'react';
import { Badge, ScrollArea, Table, Text } from '@mantine/core';
import type { TAuditEntry } from '@crm/shared';
import { AuditChanges } from '../../components/AuditChanges.tsx';
import { formatDateTime } from '../../app/time-zone.ts';
import { actionLabel, objectTypeLabel } from './audit-params.ts';

/** Time, Actor, Action, Object, Changes (the rest). */
const COLUMN_WIDTHS = [170, 150, 100, 130, undefined] as const;

const ACTION_COLOURS: Record<string, string> = { create: 'green', delete: 'red', update: 'blue', resolve: 'grape' };

type Props = {
  entries: TAuditEntry[];
  /** Shown instead of the rows: loading, an error, or that nothing matches. */
  placeholder?: ReactNode;
  busy: boolean;
  faded: boolean;
  /** The table scrolls inside this height, so the filters above and the pager below stay in view. */
  maxHeight: string;
};

export function AuditTable({ entries, placeholder, busy, faded, maxHeight }: Props) {
  return (
    <ScrollArea.Autosize mah={maxHeight} type="auto" offsetScrollbars="y">
      <Table
        striped
        withTableBorder
        stickyHeader
        verticalSpacing="xs"
        layout="fixed"
        bg="var(--mantine-color-body)"
        aria-label="Audit log entries"
        aria-busy={busy}
      >
        {/* With a fixed layout the columns take these widths and Changes the rest, whatever the rows hold. */}
        <colgroup>
          {COLUMN_WIDTHS.map((width, index) => (
            <col key={index} style={width === undefined ? undefined : { width }} />
          ))}
        </colgroup>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Time</Table.Th>
            <Table.Th>Actor</Table.Th>
            <Table.Th>Action</Table.Th>
            <Table.Th>Object</Table.Th>
            <Table.Th>Changes</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody style={{ opacity: faded ? 0.6 : 1 }}>
          {placeholder !== undefined ? (
            <Table.Tr>
              <Table.Td colSpan={5}>{placeholder}</Table.Td>
            </Table.Tr>
          ) : (
            entries.map((e) => (
              <Table.Tr key={e.id} style={{ verticalAlign: 'top' }}>
                <Table.Td>
                  <Text size="sm">{formatDateTime(e.at)}</Text>
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  <Text size="sm">{e.actorUsername}</Text>
                  <Text size="xs" c="dimmed">
                    {[e.actorRole, e.ip].filter(Boolean).join(' · ')}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color={ACTION_COLOURS[e.action] ?? 'gray'}>
                    {actionLabel(e.action)}
                  </Badge>
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  <Text size="sm">{`${objectTypeLabel(e.objectType)} ${e.objectId}`}</Text>
                </Table.Td>
                <Table.Td>
                  <AuditChanges changes={e.changes} empty="No fields recorded" />
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
