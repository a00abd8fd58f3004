// The one table every benchmark reports into: figure, value, target, reference, ratio.
export type Figure = {
  figure: string;
  value: number;
  unit: string;
  /** The goal, where an issue names one; `higher` says which way is better. */
  target?: number;
  higher?: boolean;
  /** What the older system or a baseline does, where known. */
  reference?: number;
};

const fmt = (n: number | undefined, unit: string) =>
  n === undefined ? '-' : `${Number.isInteger(n) ? n : n.toFixed(1)} ${unit}`;

export function printTable(figures: Figure[]): void {
  const rows = figures.map((f) => {
    // A target of 0 (errors, lost rows) met exactly is 1.00, not 0/0.
    // Lower is better and nothing was measured (0 growth against a 5 MB/min target): no finite ratio.
    const ratio =
      f.target === undefined
        ? '-'
        : !f.higher && f.value <= 0 && f.value !== f.target
          ? '∞'
          : (f.value === f.target ? 1 : f.higher ? f.value / f.target : f.target / f.value).toFixed(2);
    const met =
      f.target === undefined ? '' : (f.higher ? f.value >= f.target : f.value <= f.target) ? ' ok' : ' MISSED';
    return [f.figure, fmt(f.value, f.unit), fmt(f.target, f.unit), fmt(f.reference, f.unit), ratio + met];
  });
  printRows(['figure', 'value', 'target', 'reference', 'ratio'], rows);
}

/** Prints a head and rows of text as a Markdown table, each column as wide as its widest cell. */
export function printRows(head: string[], rows: string[][]): void {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(line(head));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) console.log(line(r));
}
