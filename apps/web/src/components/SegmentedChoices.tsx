// A row of choices (radio inputs) drawn as Mantine's SegmentedControl draws them, without its floating indicator: the
// chosen one is marked by Mantine's own CSS for a control not yet measured. The indicator measures every choice as it
// mounts and draws again after each measurement: on the QC panel's 28 rows of marks, about 60 ms of every opening
// (bench/qc-loop.ts). Same markup, classes and keys (arrows move between the choices of a row) as the original.
import { useId, type CSSProperties, type ReactNode } from 'react';
import { SegmentedControl, useMantineTheme } from '@mantine/core';

const classes = SegmentedControl.classes;

/** One choice; a disabled one is shown but cannot be picked (a stored value off the scale). */
export type TSegment = { value: string; label: ReactNode; disabled?: boolean | undefined };

type Props = {
  /** Names the group (the radiogroup's accessible name). */
  label: string;
  data: readonly TSegment[];
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  /** Each choice's box and its words (as SegmentedControl's styles.control and styles.label). */
  controlStyle?: CSSProperties;
  labelStyle?: CSSProperties;
};

/** SegmentedControl's size="xs" and default colour, as its variables. */
const XS_VARS = {
  '--sc-padding': 'var(--sc-padding-xs)',
  '--sc-font-size': 'var(--mantine-font-size-xs)',
  '--sc-shadow': 'var(--mantine-shadow-xs)',
} as CSSProperties;

export function SegmentedChoices({ label, data, value, onChange, disabled = false, controlStyle, labelStyle }: Props) {
  const name = useId();
  const { focusRing } = useMantineTheme();
  return (
    <div
      className={classes.root}
      role="radiogroup"
      aria-label={label}
      data-full-width
      data-with-items-borders
      data-disabled={disabled || undefined}
      style={XS_VARS}
    >
      {data.map((item) => {
        const active = item.value === value;
        const off = disabled || item.disabled === true;
        const id = `${name}-${item.value}`;
        return (
          <div key={item.value} className={classes.control} data-active={active || undefined} style={controlStyle}>
            <input
              className={classes.input}
              type="radio"
              name={name}
              id={id}
              value={item.value}
              checked={active}
              disabled={off}
              data-focus-ring={focusRing}
              onChange={() => onChange(item.value)}
            />
            <label
              className={classes.label}
              htmlFor={id}
              data-active={(active && !off) || undefined}
              data-disabled={off || undefined}
              style={labelStyle}
            >
              <span className={classes.innerLabel}>{item.label}</span>
            </label>
          </div>
        );
      })}
    </div>
  );
}
