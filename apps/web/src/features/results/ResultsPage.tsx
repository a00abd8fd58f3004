// /results (docs/guide/results.md): how a campaign's survey is answering.
import { Stack, Title } from '@mantine/core';

export default function ResultsPage() {
  return (
    <Stack gap="md">
      <Title order={1}>Survey Results</Title>
    </Stack>
  );
}
