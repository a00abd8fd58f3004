// Stands in for a screen whose area has not shipped yet, so no route ever shows a blank page.
import { Alert, Stack, Text, Title } from '@mantine/core';
import type { TAppRoute } from '@crm/shared';

export function PlaceholderPage({ route }: { route: TAppRoute }) {
  return (
    <Stack gap="md" maw={720}>
      <Title order={1}>{route.title}</Title>
      <Text size="lg">{route.purpose}</Text>
      <Alert color="blue" variant="light" title="Coming soon">
        This screen arrives in a later release.
      </Alert>
    </Stack>
  );
}
