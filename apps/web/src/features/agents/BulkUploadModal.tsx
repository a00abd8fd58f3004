// The "Bulk Upload" modal: a CSV file, the template download, Save; a refused file shows its per-row report here.
import { Anchor, Input, LoadingOverlay, Modal, Stack, Text } from '@mantine/core';
import { AGENT_MESSAGES, MAX_AGENT_CSV_ROWS } from '@crm/shared';
import { AGENTS_KEY } from './api.ts';
import { AgentUploadError, downloadAgentTemplate, uploadAgentCsv } from './upload.ts';
import { UploadFailureAlert } from '../../components/UploadErrorTable.tsx';
import { FormActions } from '../../components/FormActions.tsx';
import { useCsvUploadForm } from '../../components/use-csv-upload-form.ts';

type Props = { opened: boolean; onClose: () => void };

export function BulkUploadModal({ opened, onClose }: Props) {
  const { fileError, failure, uploading, choose, submit, close } = useCsvUploadForm({
    upload: uploadAgentCsv,
    errorType: AgentUploadError,
    notice: AGENT_MESSAGES.uploaded,
    reload: [AGENTS_KEY],
    onClose,
  });

  return (
    <Modal opened={opened} onClose={close} title="Bulk Upload" size="xl">
      <form onSubmit={submit} noValidate aria-label="Bulk Upload" style={{ position: 'relative' }}>
        <LoadingOverlay visible={uploading} loaderProps={{ 'aria-label': 'Uploading' }} />
        <Stack gap="md">
          <Text size="sm">
            One agent per row, with the columns of the template. Category, name, agent ID and a password of at least 8
            characters are required; dates are yyyy-MM-dd or d/M/yyyy. At most {MAX_AGENT_CSV_ROWS} agents per file. If
            any row has a problem, nothing is stored.
          </Text>
          <Anchor
            component="button"
            type="button"
            size="sm"
            style={{ alignSelf: 'flex-start' }}
            onClick={() => void downloadAgentTemplate().catch(() => undefined)}
          >
            Download template
          </Anchor>
          <Input.Wrapper
            label="CSV file"
            id="agent-csv-file"
            error={fileError}
            withAsterisk
            description="A .csv file saved from a spreadsheet"
          >
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
            <UploadFailureAlert
              title={AGENT_MESSAGES.uploadFailed}
              message={failure.message}
              errors={failure.errors}
              errorCount={failure.errorCount}
            />
          )}
          <FormActions onCancel={close} saving={uploading} cancelLabel="Close" />
        </Stack>
      </form>
    </Modal>
  );
}
