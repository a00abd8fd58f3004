// /client (docs/guide/clients.md): a client account's landing page.
import { Stack, Title } from '@mantine/core';

export default function ClientHomePage() {
  return (
    <Stack gap="md">
      <Title order={1}>Client Home</Title>
    </Stack>
  );
}
