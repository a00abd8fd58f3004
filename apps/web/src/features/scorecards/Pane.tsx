// The right side's frame at 1366×768: a header that never scrolls away (title, Save, Publish, problems, tabs) over a
// body that scrolls on its own.
import type { ReactNode } from 'react';
import { Box, Paper, Stack } from '@mantine/core';

export function Pane({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Paper
      withBorder
      radius="md"
      component="section"
      aria-label={label}
      h="100%"
      style={{ display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
    >
      {children}
    </Paper>
  );
}

export function PaneHeader({ children }: { children: ReactNode }) {
  return (
    <Stack gap={6} px="sm" pt="xs" style={{ flex: 'none', borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      {children}
    </Stack>
  );
}

export function PaneBody({ children }: { children: ReactNode }) {
  return (
    <Box
      p="sm"
      data-testid="scorecard-pane-body"
      style={{ flex: 1, minHeight: 0, overflowY: 'auto', overscrollBehavior: 'contain' }}
    >
      {children}
    </Box>
  );
}
