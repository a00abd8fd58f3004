// The end of a dialog that sends one request: the server's refusal (titled by what did not happen), Cancel and the
// action button.
import { Alert, Button, Group, type MantineColor } from '@mantine/core';

type Props = {
  /** The request's failure, shown under `failureTitle`; null while there is none. */
  error: Error | null;
  failureTitle: string;
  onCancel: () => void;
  onSubmit: () => void;
  submitLabel: string;
  busy: boolean;
  color?: MantineColor;
};

export function DialogActions({ error, failureTitle, onCancel, onSubmit, submitLabel, busy, color }: Props) {
  return (
    <>
      {error !== null && (
        <Alert color="red" variant="light" role="alert" title={failureTitle}>
          {error.message}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button color={color} loading={busy} onClick={onSubmit}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
