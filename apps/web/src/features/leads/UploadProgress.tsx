// What the upload overlay shows: bytes sent, rows the server has read and stored so far, and a way to stop.
import { Button, Paper, Progress, Stack, Text } from '@mantine/core';
import type { TImportProgress } from '@crm/shared';
import { percent, type TUploadBytes } from '../../app/send-form.ts';

type Props = { fileName: string; bytes: TUploadBytes | null; progress: TImportProgress | null; onCancel: () => void };

const MB = 1024 * 1024;

function size(bytes: number): string {
  return bytes >= MB ? `${(bytes / MB).toFixed(1)} MB` : `${Math.ceil(bytes / 1024).toLocaleString('en-US')} KB`;
}

const PHASES: Record<TImportProgress['phase'], string> = {
  reading: 'reading and checking rows',
  storing: 'storing leads',
  finished: 'finished',
};

export function UploadProgress({ fileName, bytes, progress, onCancel }: Props) {
  const pct = percent(bytes);
  const rows = progress?.rowsProcessed ?? 0;
  const phase = progress === null ? 'waiting for the server' : PHASES[progress.phase];
  return (
    <Paper withBorder shadow="md" p="md" w={360} maw="90vw">
      <Stack gap="xs">
        <Text fw={600} size="sm">
          Uploading {fileName}
        </Text>
        <Progress value={pct} aria-label="Upload progress" size="lg" />
        <Text size="xs" c="dimmed">
          {bytes === null ? 'Starting…' : `${size(bytes.loaded)} of ${size(bytes.total)} sent (${pct}%)`}
        </Text>
        <Progress.Root size="lg">
          <Progress.Section
            value={100}
            striped
            animated={progress?.phase !== 'finished'}
            color="teal"
            withAria={false}
            role="progressbar"
            aria-label="Rows processed"
            aria-valuetext={`${rows.toLocaleString('en-US')} rows, ${phase}`}
          />
        </Progress.Root>
        <Text size="sm" aria-live="polite">
          Rows processed: {rows.toLocaleString('en-US')} ({phase})
        </Text>
        <Button variant="default" size="xs" onClick={onCancel} style={{ alignSelf: 'flex-end' }}>
          Cancel upload
        </Button>
      </Stack>
    </Paper>
  );
}
