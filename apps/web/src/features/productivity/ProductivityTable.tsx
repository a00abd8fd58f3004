// The productivity table: a row per agent, agent-day, shift, campaign or day, its totals at the foot; every column
// sorts by a click or Enter on its head (again: the other way). Scrolls in its own box, its head kept in view.
import { ScrollArea, Table, UnstyledButton } from '@mantine/core';
import type { TProductivity, TProductivityGrouping } from '@crm/shared';
import { PRODUCTIVITY_GROUPING_LABELS } from '@crm/shared';
import type { TSortKey } from './productivity-address.ts';
import { FIGURE_COLUMNS, figureText, formatNumber, rowName, sortRows } from './productivity-table.ts';

/** The table's height: the window's less the title, tabs and filters above it. */
const TABLE_HEIGHT = 'max(240px, calc(100dvh - 330px))';

type Props = {
  data: TProductivity;
  groupBy: TProductivityGrouping;
  sort: TSortKey;
  desc: boolean;
  onSort: (sort: TSortKey, desc: boolean) => void;
};

function SortHead({
  label,
  title,
  column,
  sort,
  desc,
  onSort,
  numeric,
}: {
  label: string;
  title: string;
  column: TSortKey;
  sort: TSortKey;
  desc: boolean;
  onSort: Props['onSort'];
  numeric: boolean;
}) {
  const active = column === sort;
  return (
    <Table.Th
      aria-sort={active ? (desc ? 'descending' : 'ascending') : 'none'}
      ta={numeric ? 'right' : 'left'}
      style={{ whiteSpace: 'nowrap' }}
    >
      <UnstyledButton
        fz="sm"
        fw={700}
        title={title}
        // A number column sorts largest first on the first press: the question is usually "who did most".
        onClick={() => onSort(column, active ? !desc : numeric)}
      >
        {label}
        {active ? (desc ? ' ▼' : ' ▲') : ''}
      </UnstyledButton>
    </Table.Th>
  );
}

export function ProductivityTable({ data, groupBy, sort, desc, onSort }: Props) {
  const rows = sortRows(data.rows, groupBy, sort, desc);
  const showAgents = groupBy !== 'agent' && groupBy !== 'agentDay';
  const head = { sort, desc, onSort };
  return (
    <ScrollArea.Autosize mah={TABLE_HEIGHT} type="auto" data-testid="productivity-table-box">
      <Table
        striped
        highlightOnHover
        withTableBorder
        stickyHeader
        fz="sm"
        verticalSpacing={4}
        horizontalSpacing={6}
        aria-label={`Productivity per ${PRODUCTIVITY_GROUPING_LABELS[groupBy].toLowerCase()}`}
      >
        <Table.Thead>
          <Table.Tr>
            <SortHead
              {...head}
              label={PRODUCTIVITY_GROUPING_LABELS[groupBy]}
              title="Sort by name"
              column="name"
              numeric={false}
            />
            {showAgents && <Table.Th ta="right">Agents</Table.Th>}
            {FIGURE_COLUMNS.slice(0, 4).map((c) => (
              <SortHead key={c.key} {...head} label={c.label} title={c.title} column={c.key} numeric />
            ))}
            {data.dispositionCodes.map((code) => (
              <SortHead key={code} {...head} label={code} title={`Calls ended ${code}`} column={`d:${code}`} numeric />
            ))}
            {FIGURE_COLUMNS.slice(4).map((c) => (
              <SortHead key={c.key} {...head} label={c.label} title={c.title} column={c.key} numeric />
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => {
            const name = rowName(r, groupBy);
            return (
              <Table.Tr key={name}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{name}</Table.Td>
                {showAgents && <Table.Td ta="right">{formatNumber(r.agents)}</Table.Td>}
                {FIGURE_COLUMNS.slice(0, 4).map((c) => (
                  <Table.Td key={c.key} ta="right">
                    {figureText(r, c.key)}
                  </Table.Td>
                ))}
                {data.dispositionCodes.map((code) => (
                  <Table.Td key={code} ta="right">
                    {formatNumber(r.dispositions[code] ?? 0)}
                  </Table.Td>
                ))}
                {FIGURE_COLUMNS.slice(4).map((c) => (
                  <Table.Td key={c.key} ta="right">
                    {figureText(r, c.key)}
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr fw={700} data-testid="productivity-totals">
            <Table.Td>Total</Table.Td>
            {showAgents && <Table.Td ta="right">{formatNumber(data.totals.agents)}</Table.Td>}
            {FIGURE_COLUMNS.slice(0, 4).map((c) => (
              <Table.Td key={c.key} ta="right">
                {figureText(data.totals, c.key)}
              </Table.Td>
            ))}
            {data.dispositionCodes.map((code) => (
              <Table.Td key={code} ta="right">
                {formatNumber(data.totals.dispositions[code] ?? 0)}
              </Table.Td>
            ))}
            {FIGURE_COLUMNS.slice(4).map((c) => (
              <Table.Td key={c.key} ta="right">
                {figureText(data.totals, c.key)}
              </Table.Td>
            ))}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </ScrollArea.Autosize>
  );
}
