// "Upload CSV": a file of numbers (header `number`) for the system list or a campaign's; a refused file shows its report.
import { useState, type FormEvent } from 'react';
import { Input, LoadingOverlay, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UploadFailureAlert } from '../../components/UploadErrorTable.tsx';
import { FormActions } from '../../components/FormActions.tsx';
import { DNC_KEY, DncUploadError, filterOf, filterQuery, uploadDncCsv } from './api.ts';
import { ListSelect } from './ListSelect.tsx';

type Props = { opened: boolean; onClose: () => void; initialList: string };

const isCsv = (file: File) => /\.csv$/i.test(file.name);

export function UploadDncModal({ opened, onClose, initialList }: Props) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [list, setList] = useState(initialList === 'all' ? 'system' : initialList);
  const [fileError, setFileError] = useState<string | undefined>();
  const mutation = useMutation({
    mutationFn: ({ chosen, campaignName }: { chosen: File; campaignName: string }) => uploadDncCsv(chosen, campaignName),
    onSuccess: async (result) => {
      notifications.show({ color: 'green', message: `File uploaded: ${result.message}.` });
      setFile(null);
      close();
      await queryClient.invalidateQueries({ queryKey: DNC_KEY });
    },
  });
  const failure = mutation.error instanceof DncUploadError ? mutation.error : mutation.error === null ? null : new DncUploadError(mutation.error.message);

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
    mutation.mutate({ chosen: file, campaignName: filterQuery(filterOf(list)).campaignName ?? '' });
  };

  return (
    <Modal opened={opened} onClose={close} title="Upload CSV" size="lg">
      <form onSubmit={submit} noValidate aria-label="Upload CSV" style={{ position: 'relative' }}>
        <LoadingOverlay visible={mutation.isPending} loaderProps={{ 'aria-label': 'Uploading' }} />
        <Stack gap="md">
          <Text size="sm">
            A header row with the column <b>number</b>, then one phone number a row, in any format. Numbers the list has already are counted, not
            refused. If any row is not a phone number, nothing is stored.
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
          {failure !== null && <UploadFailureAlert title="The file was not uploaded" message={failure.message} errors={failure.errors} errorCount={failure.errorCount} />}
          <FormActions onCancel={close} saving={mutation.isPending} cancelLabel="Close" />
        </Stack>
      </form>
    </Modal>
  );
}
