// A cross-tab as stacked bars, following its cells' choice: counts and row % a bar per row stacked by column, column %
// a bar per column stacked by row. Many bars keep their width: the chart's own box scrolls sideways, never the page.
import { BarChart } from '@mantine/charts';
import { Box, ScrollArea, Text } from '@mantine/core';
import { chartMinWidth, crosstabChart } from './results-charts.ts';
import { groupNumber, percentText, type TCrosstabFigures, type TCrosstabShow } from './results-params.ts';

const CHART_HEIGHT = 280;
/** Past this many bars the labels are slanted and cut short, so they do not run into each other. */
const SLANT_FROM = 8;
const LABEL_CHARS = 14;

const cut = (label: string) => (label.length > LABEL_CHARS ? `${label.slice(0, LABEL_CHARS - 1)}…` : label);

export function CrosstabChart({
  ct,
  show,
  row,
  col,
}: {
  ct: TCrosstabFigures;
  show: TCrosstabShow;
  row: string;
  col: string;
}) {
  const chart = crosstabChart(ct, show);
  const slant = chart.categories.length > SLANT_FROM;
  const bars = chart.along === 'row' ? row : col;
  const parts = chart.along === 'row' ? col : row;
  const what = show === 'count' ? 'calls' : show === 'row' ? `% of each ${row}` : `% of each ${col}`;
  const name = `Chart of ${row} by ${col}: a bar per ${bars}, stacked by ${parts}, ${what}`;
  return (
    <Box role="img" aria-label={name} data-testid="crosstab-chart">
      <Text size="xs" c="dimmed" mb={4} aria-hidden>
        A bar per {bars}, stacked by {parts}; {show === 'count' ? 'calls' : 'each bar 100%'}
      </Text>
      <ScrollArea type="auto" offsetScrollbars scrollbars="x">
        <Box miw={chartMinWidth(chart.categories.length)} aria-hidden>
          <BarChart
            h={CHART_HEIGHT}
            data={chart.data}
            dataKey="category"
            type="stacked"
            series={chart.series.map((s) => ({ name: s.key, label: s.label, color: s.color }))}
            valueFormatter={show === 'count' ? groupNumber : percentText}
            withLegend
            legendProps={{ verticalAlign: 'top', wrapperStyle: { maxHeight: 56, overflowY: 'auto' } }}
            gridAxis="y"
            xAxisProps={{
              interval: 0,
              tickFormatter: cut,
              ...(slant ? { angle: -35, textAnchor: 'end', height: 70 } : {}),
            }}
            yAxisProps={{
              allowDecimals: false,
              width: 56,
              ...(show === 'count' ? {} : { domain: [0, 100], ticks: [0, 25, 50, 75, 100] }),
            }}
            tooltipAnimationDuration={0}
          />
        </Box>
      </ScrollArea>
    </Box>
  );
}
