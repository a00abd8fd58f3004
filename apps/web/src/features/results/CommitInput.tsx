// A text filter of the results' bar: what is typed is kept here, and asked for on Enter or when the field is left.
import { useState, type ReactNode } from 'react';
import { TextInput } from '@mantine/core';

/** A text filter: what is typed is kept here, and asked for on Enter or when the field is left. */
export function CommitInput({
  label,
  value,
  onCommit,
  w,
  disabled,
  placeholder,
  rightSection,
}: {
  label: string;
  value: string;
  onCommit: (value: string) => void;
  w: number;
  disabled?: boolean;
  placeholder?: string;
  /** Drawn inside the field's right end, given what is typed (not yet asked for). */
  rightSection?: (typed: string) => ReactNode;
}) {
  const [typed, setTyped] = useState(value);
  const [shown, setShown] = useState(value);
  // The address moved (Back, another campaign): show what it holds.
  if (value !== shown) {
    setShown(value);
    setTyped(value);
  }
  const commit = () => {
    if (typed.trim() !== value) onCommit(typed.trim());
  };
  return (
    <TextInput
      label={label}
      w={w}
      value={typed}
      disabled={disabled}
      placeholder={placeholder}
      rightSection={rightSection?.(typed)}
      onChange={(event) => setTyped(event.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
    />
  );
}
