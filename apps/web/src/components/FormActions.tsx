// The row that ends every form: a Cancel (or Close) button and the Save submit button.
import { Button, Group } from '@mantine/core';

type Props = { onCancel: () => void; saving: boolean; cancelLabel?: string };

export function FormActions({ onCancel, saving, cancelLabel = 'Cancel' }: Props) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button type="submit" loading={saving}>
        Save
      </Button>
    </Group>
  );
}
