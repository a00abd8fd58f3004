// The "Upload CSV" modal of the lead screens (docs/product.md §2 Leads, §4, §5, §8): campaign, template, a .csv file, Save;
// while it runs the overlay shows bytes sent and rows processed, and a refused file shows its per-row report.
import { useRef, useState, type FormEvent, type JSX } from 'react';
import { Alert, Anchor, Button, Input, LoadingOverlay, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LEAD_MESSAGES, REQUIRED_UPLOAD_COLUMNS, type TImportProgress, type TLeadUploadResult } from '@crm/shared';
import { CampaignSelect } from '../../components/CampaignSelect.tsx';
import { FormActions } from '../../components/FormActions.tsx';
import { UploadFailureAlert } from '../../components/UploadErrorTable.tsx';
import { isCsvFile, NOT_CSV_MESSAGE } from '../../components/use-csv-upload-form.ts';
import { DASHBOARD_KEY, LEAD_COUNTS_KEY } from '../../app/query-keys.ts';
import { downloadLeadTemplate, LEADS_KEY } from './api.ts';
import type { TUploadBytes } from '../../app/send-form.ts';
import { LeadUploadError, uploadLeadCsv } from './upload.ts';
import { UploadProgress } from './UploadProgress.tsx';

const FILE_INPUT_ID = 'lead-csv-file';

/** docs/product.md §8: the server's message followed by '!'. */
export function uploadSuccessText(result: TLeadUploadResult): string {
  return `${result.message}!`;
}

type Props = { opened: boolean; onClose: () => void };
type TUpload = { campaignName: string; file: File };

export function UploadLeadsModal({ opened, onClose }: Props) {
  const queryClient = useQueryClient();
  const [campaignName, setCampaignName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  // A new key empties the native file input after a successful upload.
  const [fileInputKey, setFileInputKey] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [bytes, setBytes] = useState<TUploadBytes | null>(null);
  const [progress, setProgress] = useState<TImportProgress | null>(null);
  const controller = useRef<AbortController | null>(null);

  const mutation = useMutation({
    mutationFn: ({ campaignName: name, file: chosen }: TUpload) => {
      controller.current = new AbortController();
      setBytes(null);
      setProgress(null);
      return uploadLeadCsv({
        campaignName: name,
        file: chosen,
        signal: controller.current.signal,
        onUploadProgress: setBytes,
        onImportProgress: setProgress,
      });
    },
    onSuccess: (result) => {
      notifications.show({ color: 'green', message: uploadSuccessText(result) });
      setFile(null);
      setFileInputKey((k) => k + 1);
      // Not awaited: the upload is done, the lists and figures reload behind the message.
      for (const queryKey of [LEADS_KEY, DASHBOARD_KEY, LEAD_COUNTS_KEY])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
  const failure =
    mutation.error === null
      ? null
      : mutation.error instanceof LeadUploadError
        ? mutation.error
        : new LeadUploadError('failed', mutation.error.message);

  const close = () => {
    if (mutation.isPending) return; // the overlay offers "Cancel upload" instead
    mutation.reset();
    setProblem(null);
    setFile(null); // the file input is emptied when the modal closes
    onClose();
  };

  const chooseCampaign = (name: string) => {
    setCampaignName(name);
    setProblem(null);
    mutation.reset();
  };

  const chooseFile = (chosen: File | null) => {
    setFile(chosen);
    mutation.reset();
    setProblem(chosen !== null && !isCsvFile(chosen) ? NOT_CSV_MESSAGE : null);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (file === null || campaignName === '') return setProblem(LEAD_MESSAGES.uploadMissing);
    if (!isCsvFile(file)) return setProblem(NOT_CSV_MESSAGE);
    setProblem(null);
    mutation.mutate({ campaignName, file });
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Upload CSV"
      size="xl"
      closeOnClickOutside={!mutation.isPending}
      closeOnEscape={!mutation.isPending}
    >
      <form
        onSubmit={submit}
        noValidate
        aria-label="Upload CSV"
        style={{ position: 'relative', minHeight: mutation.isPending ? 300 : undefined }}
      >
        <LoadingOverlay
          visible={mutation.isPending}
          zIndex={10}
          loaderProps={{
            children: (
              <UploadProgress
                fileName={file?.name ?? ''}
                bytes={bytes}
                progress={progress}
                onCancel={() => controller.current?.abort()}
              />
            ),
          }}
        />
        <Stack gap="md">
          {/* Leads go to active campaigns with a data table (its columns name the lead columns). */}
          <CampaignSelect
            offer="withDataTable"
            activeOnly
            emptyText="No active campaign has a data table"
            withAsterisk
            value={campaignName}
            onChange={chooseCampaign}
          />
          {campaignName !== '' && (
            <Anchor
              component="button"
              type="button"
              size="sm"
              style={{ alignSelf: 'flex-start' }}
              onClick={() => void downloadLeadTemplate(campaignName).catch(() => undefined)}
            >
              Download template
            </Anchor>
          )}
          <Input.Wrapper
            label="CSV file"
            id={FILE_INPUT_ID}
            withAsterisk
            description={`Upload CSV file only (.csv), with the columns of the template; ${REQUIRED_UPLOAD_COLUMNS.join(' and ')} are required.`}
          >
            <input
              key={fileInputKey}
              id={FILE_INPUT_ID}
              type="file"
              accept=".csv,text/csv"
              aria-invalid={problem === NOT_CSV_MESSAGE}
              style={{ display: 'block', marginTop: 6 }}
              onChange={(e) => chooseFile(e.currentTarget.files?.[0] ?? null)}
            />
          </Input.Wrapper>
          <Text size="sm" c="dimmed">
            If any row has a problem, nothing is stored and the rows are listed here. Leads already uploaded for the
            same data date and number are skipped.
          </Text>
          {problem !== null && (
            <Alert color="red" variant="light" role="alert">
              {problem}
            </Alert>
          )}
          {mutation.isSuccess && (
            <Alert color="green" variant="light" role="status">
              {uploadSuccessText(mutation.data)}
            </Alert>
          )}
          {failure !== null && failure.kind === 'cancelled' && (
            <Alert color="gray" variant="light" role="status">
              {failure.message}
            </Alert>
          )}
          {failure !== null && (failure.kind === 'rejected' || failure.kind === 'failed') && (
            <UploadFailureAlert
              title={LEAD_MESSAGES.uploadFailed}
              message={failure.message}
              errors={failure.errors}
              errorCount={failure.errorCount}
              label="Upload problems"
            />
          )}
          <FormActions onCancel={close} saving={mutation.isPending} cancelLabel="Close" />
        </Stack>
      </form>
    </Modal>
  );
}

/** The button every lead screen shows; it opens the Upload CSV modal. */
export function UploadLeadsButton(): JSX.Element {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)}>
        Upload CSV
      </Button>
      <UploadLeadsModal opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
