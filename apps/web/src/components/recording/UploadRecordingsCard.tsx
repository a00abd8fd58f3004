// "Upload recordings" (admins, on the QC panel): a date folder and .mp3/.wav files, checked here first, then sent in
// one upload with its progress; the server stores all of them or none, and its answer lists each file's length.
import { useRef, useState, type FormEvent } from 'react';
import { Alert, Button, FileInput, Group, List, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import {
  isIsoDate,
  recordingFileNameProblem,
  RECORDING_EXTENSIONS,
  VOICE_LOG_MESSAGES,
  VOICE_LOG_UPLOAD_MAX_FILES,
  VOICE_LOG_UPLOAD_MAX_MB,
  type TVoiceLogUploadResult,
} from '@crm/shared';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../app/api.ts';
import { percent, type TUploadBytes } from '../../app/send-form.ts';
import { uploadRecordings } from './api.ts';
import { formatClock } from './RecordingPlayer.tsx';
import { DateField } from '../../components/DateField.tsx';

export const UPLOAD_DATE_REQUIRED = 'Choose the date folder: the call date of the recordings';
export const UPLOAD_DATE_INVALID = 'The date folder must be a date written yyyy-MM-dd';
export const UPLOAD_FAILED_TITLE = 'The recordings were not uploaded';

const MAX_BYTES = VOICE_LOG_UPLOAD_MAX_MB * 1024 * 1024;

export type TUploadProblems = { directory?: string; files?: string[] };

/** What stops an upload before it is sent: the same rules and words as the server's, one line per wrong file. */
export function uploadProblems(directory: string, files: readonly File[]): TUploadProblems {
  const problems: TUploadProblems = {};
  const date = directory.trim();
  if (date === '') problems.directory = UPLOAD_DATE_REQUIRED;
  else if (!isIsoDate(date)) problems.directory = UPLOAD_DATE_INVALID;
  const fileProblems: string[] = [];
  if (files.length === 0) fileProblems.push(VOICE_LOG_MESSAGES.noFiles);
  if (files.length > VOICE_LOG_UPLOAD_MAX_FILES) fileProblems.push(VOICE_LOG_MESSAGES.tooMany);
  for (const file of files) {
    const problem =
      recordingFileNameProblem(file.name) ??
      (file.size > MAX_BYTES ? `"${file.name}": ${VOICE_LOG_MESSAGES.tooLarge}` : null);
    if (problem !== null) fileProblems.push(problem);
  }
  if (fileProblems.length > 0) problems.files = fileProblems;
  return problems;
}

function lengthText(seconds: number | null): string {
  return seconds === null ? 'length unknown' : formatClock(seconds);
}

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.ceil(bytes / 1024)).toLocaleString('en-US')} KB`;
}

function UploadedAlert({ result }: { result: TVoiceLogUploadResult }) {
  const n = result.files.length;
  return (
    <Alert
      color="green"
      variant="light"
      role="status"
      title={`Uploaded ${n} recording${n === 1 ? '' : 's'} to ${result.directory}`}
    >
      <List size="sm" aria-label="Uploaded recordings">
        {result.files.map((f) => (
          <List.Item key={f.fileName}>{`${f.fileName} — ${lengthText(f.duration)} (${sizeText(f.size)})`}</List.Item>
        ))}
      </List>
    </Alert>
  );
}

function SendingProgress({ bytes, onCancel }: { bytes: TUploadBytes | null; onCancel: () => void }) {
  const pct = percent(bytes);
  const text =
    bytes === null
      ? 'Starting…'
      : pct >= 100
        ? 'Sent; the server is checking and storing the recordings…'
        : `${sizeText(bytes.loaded)} of ${sizeText(bytes.total)} sent (${pct}%)`;
  return (
    <Stack gap={4}>
      <Progress value={pct} size="lg" aria-label="Upload progress" />
      <Group justify="space-between" wrap="nowrap">
        <Text size="xs" c="dimmed" aria-live="polite">
          {text}
        </Text>
        <Button variant="default" size="xs" onClick={onCancel}>
          Cancel upload
        </Button>
      </Group>
    </Stack>
  );
}

function ErrorLines({ lines }: { lines: readonly string[] }) {
  return (
    <>
      {lines.map((line, i) => (
        <span key={i} style={{ display: 'block' }}>
          {line}
        </span>
      ))}
    </>
  );
}

type TUpload = { directory: string; files: File[] };

export function UploadRecordingsCard() {
  const [directory, setDirectory] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [problems, setProblems] = useState<TUploadProblems>({});
  const [bytes, setBytes] = useState<TUploadBytes | null>(null);
  const controller = useRef<AbortController | null>(null);

  const mutation = useMutation({
    mutationFn: (upload: TUpload) => {
      controller.current = new AbortController();
      setBytes(null);
      return uploadRecordings({ ...upload, onUploadProgress: setBytes, signal: controller.current.signal });
    },
    // The date stays for the next batch of the same day; the files sent are cleared.
    onSuccess: () => setFiles([]),
  });
  const failure =
    mutation.error === null
      ? null
      : mutation.error instanceof ApiError
        ? mutation.error
        : new ApiError(0, NETWORK_ERROR_MESSAGE, 'network');

  const change = (next: { directory?: string; files?: File[] }) => {
    if (next.directory !== undefined) setDirectory(next.directory);
    if (next.files !== undefined) setFiles(next.files);
    setProblems({});
    mutation.reset();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = uploadProblems(directory, files);
    setProblems(found);
    if (found.directory !== undefined || found.files !== undefined) return;
    mutation.mutate({ directory: directory.trim(), files });
  };

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="upload-recordings-title">
      <form noValidate onSubmit={submit} aria-label="Upload recordings">
        <Stack gap="sm">
          <Title order={2} size="h4" id="upload-recordings-title">
            Upload recordings
          </Title>
          <Text size="sm" c="dimmed">
            {`Only .mp3 and .wav files, up to ${VOICE_LOG_UPLOAD_MAX_MB} MB each and ${VOICE_LOG_UPLOAD_MAX_FILES} per upload. If any file is refused, none is stored; a file whose name is already in the folder is never replaced.`}
          </Text>
          <Group align="flex-start" gap="md">
            <DateField
              label="Date folder"
              description="The call date of the recordings"
              withAsterisk
              w={200}
              value={directory}
              error={problems.directory}
              disabled={mutation.isPending}
              onChange={(value) => change({ directory: value })}
            />
            <FileInput
              label="Recording files"
              description=".mp3 or .wav, one or more"
              placeholder="Choose recordings"
              multiple
              clearable
              withAsterisk
              accept={RECORDING_EXTENSIONS.join(',')}
              miw={260}
              maw={520}
              style={{ flex: 1 }}
              value={files}
              error={problems.files === undefined ? undefined : <ErrorLines lines={problems.files} />}
              disabled={mutation.isPending}
              onChange={(chosen) => change({ files: chosen })}
            />
          </Group>
          <Group>
            <Button type="submit" loading={mutation.isPending}>
              Upload recordings
            </Button>
          </Group>
          {mutation.isPending && <SendingProgress bytes={bytes} onCancel={() => controller.current?.abort()} />}
          {mutation.isSuccess && <UploadedAlert result={mutation.data} />}
          {failure !== null && failure.kind === 'aborted' && (
            <Alert color="gray" variant="light" role="status">
              {failure.message}
            </Alert>
          )}
          {failure !== null && failure.kind !== 'aborted' && failure.status !== 401 && (
            <Alert color="red" variant="light" role="alert" title={UPLOAD_FAILED_TITLE}>
              {failure.message}
            </Alert>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
