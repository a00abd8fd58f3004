// What a screen shows while its data loads, and when loading failed: the reason and a Retry button.
import { Alert, Button, Group, Loader, Text } from '@mantine/core';

export function LoadingRow() {
  return (
    <Group justify="center" gap="sm" py="lg">
      <Loader size="sm" />
      <Text size="sm">Loading…</Text>
    </Group>
  );
}

export function RetryAlert({ title, message, onRetry }: { title: string; message: string; onRetry: () => void }) {
  return (
    <Alert color="red" variant="light" role="alert" title={title}>
      <Group justify="space-between">
        <Text size="sm">{message}</Text>
        <Button size="xs" color="red" variant="light" onClick={onRetry}>
          Retry
        </Button>
      </Group>
    </Alert>
  );
}
