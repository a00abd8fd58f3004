// /productivity (docs/guide/productivity.md): per agent, day, shift or campaign, with the floor now beside it.
import type { ComponentType } from 'react';
import { Stack, Title } from '@mantine/core';

export type TProductivityPageProps = {
  /** The live floor (features/floor), composed in by app/pages.tsx. */
  FloorPanel: ComponentType;
};

export default function ProductivityPage({ FloorPanel }: TProductivityPageProps) {
  return (
    <Stack gap="md">
      <Title order={1}>Productivity</Title>
      <FloorPanel />
    </Stack>
  );
}
