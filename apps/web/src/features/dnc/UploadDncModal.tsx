// "Upload CSV": a file of numbers (header `number`) for the system list or a campaign's; a refused file shows its report.
import { useState } from 'react';
import { Input, LoadingOverlay, Modal, Stack, Text } from '@mantine/core';
import { UploadFailureAlert } from '../../components/UploadErrorTable.tsx';
import { FormActions } from '../../components/FormActions.tsx';
import { useCsvUploadForm } from '../../components/use-csv-upload-form.ts';
import { DNC_KEY, DncUploadError, filterOf, filterQuery, uploadDncCsv } from './api.ts';
import { ListSelect } from './ListSelect.tsx';

type Props = { opened: boolean; onClose: () => void; initialList: string };

export function UploadDncModal({ opened, onClose, initialList }: Props) {
  const [list, setList] = useState(initialList === 'all' ? 'system' : initialList);
  const { fileError, failure, uploading, choose, submit, close } = useCsvUploadForm({
    upload: (file: File) => uploadDncCsv(file, filterQuery(filterOf(list)).campaignName ?? ''),
    errorType: DncUploadError,
    notice: (result) => `File uploaded: ${result.message}.`,
    reload: [DNC_KEY],
    onClose,
  });

  return (
    <Modal opened={opened} onClose={close} title="Upload CSV" size="lg">
      <form onSubmit={submit} noValidate aria-label="Upload CSV" style={{ position: 'relative' }}>
        <LoadingOverlay visible={uploading} loaderProps={{ 'aria-label': 'Uploading' }} />
        <Stack gap="md">
          <Text size="sm">
            A header row with the column <b>number</b>, then one phone number a row, in any format. Numbers the list has
            already are counted, not refused. If any row is not a phone number, nothing is stored.
          </Text>
          <ListSelect label="List" value={list} onChange={setList} />
          <Input.Wrapper label="CSV file" id="dnc-csv-file" error={fileError} withAsterisk>
            <input
              id="dnc-csv-file"
              type="file"
              accept=".csv,text/csv"
              aria-invalid={fileError !== undefined}
              style={{ display: 'block', marginTop: 6 }}
              onChange={(e) => choose(e.currentTarget.files?.[0] ?? null)}
            />
          </Input.Wrapper>
          {failure !== null && (
            <UploadFailureAlert
              title="The file was not uploaded"
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
