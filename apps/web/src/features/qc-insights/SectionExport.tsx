// A section's xlsx export button: fetches a media token and follows the download link; says when the browser is
// saving the file, or why it could not start.
import { Button, Group, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { TQcInsightSection } from '@crm/shared';
import { startInsightsExport } from './api.ts';
import type { TInsightsQueryText } from './insight-data.ts';

export const EXPORT_FAILED = 'The export could not start';

type Props = { query: TInsightsQueryText; section?: TQcInsightSection; label: string };

export function SectionExport({ query, section, label }: Props) {
  const exporter = useMutation({ mutationFn: () => startInsightsExport(query, section) });
  return (
    <Group gap="xs" wrap="nowrap">
      {exporter.isError && (
        <Text size="sm" c="red" role="alert">
          {EXPORT_FAILED}: {exporter.error.message}
        </Text>
      )}
      {exporter.isSuccess && (
        <Text size="sm" c="dimmed" role="status">
          Saving {exporter.data}
        </Text>
      )}
      <Button variant={section ? 'default' : 'filled'} loading={exporter.isPending} onClick={() => exporter.mutate()}>
        {label}
      </Button>
    </Group>
  );
}
