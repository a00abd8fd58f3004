// The "Bulk Upload" modal: a CSV file, the template download, Save; a refused file shows its per-row report here.
import { useState, type FormEvent } from 'react';
import { Anchor, Input, LoadingOverlay, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AGENT_MESSAGES, MAX_AGENT_CSV_ROWS } from '@crm/shared';
import { AGENTS_KEY } from './api.ts';
import { AgentUploadError, downloadAgentTemplate, uploadAgentCsv } from './upload.ts';
import { UploadFailureAlert } from '../../components/UploadErrorTable.tsx';
import { FormActions } from '../../components/FormActions.tsx';

type Props = { opened: boolean; onClose: () => void };

function isCsv(file: File): boolean {
  return /\.csv$/i.test(file.name);
}

export function BulkUploadModal({ opened, onClose }: Props) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const mutation = useMutation({
    mutationFn: uploadAgentCsv,
    onSuccess: async (count) => {
      notifications.show({ color: 'green', message: AGENT_MESSAGES.uploaded(count) });
      setFile(null);
      close();
      await queryClient.invalidateQueries({ queryKey: AGENTS_KEY });
    },
  });
  const failure = mutation.error instanceof AgentUploadError ? mutation.error : mutation.error === null ? null : new AgentUploadError(mutation.error.message);

  function close() {
    mutation.reset();
    setFileError(undefined);
    onClose();
  }

  const choose = (chosen: File | null) => {
    setFile(chosen);
    mutation.reset();
    setFileError(chosen !== null && !isCsv(chosen) ? 'Only CSV files (.csv) can be uploaded' : undefined);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (file === null) return setFileError('Choose a CSV file');
    if (!isCsv(file)) return setFileError('Only CSV files (.csv) can be uploaded');
    mutation.mutate(file);
  };

  return (
    <Modal opened={opened} onClose={close} title="Bulk Upload" size="xl">
      <form onSubmit={submit} noValidate aria-label="Bulk Upload" style={{ position: 'relative' }}>
        <LoadingOverlay visible={mutation.isPending} loaderProps={{ 'aria-label': 'Uploading' }} />
        <Stack gap="md">
          <Text size="sm">
            One agent per row, with the columns of the template. Category, name, agent ID and a password of at least 8 characters are required;
            dates are yyyy-MM-dd or d/M/yyyy. At most {MAX_AGENT_CSV_ROWS} agents per file. If any row has a problem, nothing is stored.
          </Text>
          <Anchor component="button" type="button" size="sm" style={{ alignSelf: 'flex-start' }} onClick={() => void downloadAgentTemplate().catch(() => undefined)}>
            Download template
          </Anchor>
          <Input.Wrapper label="CSV file" id="agent-csv-file" error={fileError} withAsterisk description="A .csv file saved from a spreadsheet">
            <input
              id="agent-csv-file"
              type="file"
              accept=".csv,text/csv"
              aria-invalid={fileError !== undefined}
              style={{ display: 'block', marginTop: 6 }}
              onChange={(e) => choose(e.currentTarget.files?.[0] ?? null)}
            />
          </Input.Wrapper>
          {failure !== null && (
            <UploadFailureAlert title={AGENT_MESSAGES.uploadFailed} message={failure.message} errors={failure.errors} errorCount={failure.errorCount} />
          )}
          <FormActions onCancel={close} saving={mutation.isPending} cancelLabel="Close" />
        </Stack>
      </form>
    </Modal>
  );
}
