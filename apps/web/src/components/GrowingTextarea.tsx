// A Textarea that grows with its text from minRows to maxRows without measuring it: CSS field-sizing where the browser
// has it (Chromium 123+), else minRows high with a scrollbar. Mantine's autosize measures the text as it mounts and on
// every change (a forced layout per box: about 100 ms of the QC panel's opening on a busy machine, bench/qc-loop.ts).
import { Textarea, type TextareaProps } from '@mantine/core';
import type { CSSProperties } from 'react';

type Props = Omit<TextareaProps, 'autosize' | 'rows' | 'minRows' | 'maxRows'> & {
  minRows: number;
  maxRows: number;
};

/** The height of `rows` lines with the box's padding and border (Mantine boxes are border-box). */
const rowsHigh = (rows: number) => `calc(${rows}lh + 2 * var(--input-padding-y, 0rem) + 2px)`;

export function GrowingTextarea({ minRows, maxRows, ...props }: Props) {
  const input: CSSProperties = { fieldSizing: 'content', minHeight: rowsHigh(minRows), maxHeight: rowsHigh(maxRows) };
  return <Textarea {...props} rows={minRows} styles={{ input }} />;
}
