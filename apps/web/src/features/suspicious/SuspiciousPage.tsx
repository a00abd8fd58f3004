// /suspicious (docs/guide/suspicious.md): the day's completed calls that look made up, with why.
import { Stack, Title } from '@mantine/core';

export default function SuspiciousPage() {
  return (
    <Stack gap="md">
      <Title order={1}>Suspicious Completes</Title>
    </Stack>
  );
}
