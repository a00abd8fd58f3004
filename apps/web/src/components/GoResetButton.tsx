// The Go / Reset switch of the two-step create screens (docs/product.md §4): Go locks the set-up fields, Reset unlocks them.
import { Button, Group } from '@mantine/core';

type Props = { locked: boolean; busy: boolean; onGo: () => void; onReset: () => void };

export function GoResetButton({ locked, busy, onGo, onReset }: Props) {
  return (
    <Group justify="flex-end">
      {locked ? (
        <Button variant="default" onClick={onReset} disabled={busy}>
          Reset
        </Button>
      ) : (
        <Button onClick={onGo}>Go</Button>
      )}
    </Group>
  );
}
