// The form state of a CSV upload modal (agents' Bulk Upload, DNC Upload CSV): the file, its error, Save and Close, and
// the refused upload's report; an upload that failed another way (network, time-out) is reported in the same alert.
import { useState, type FormEvent } from 'react';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

export const NOT_CSV_MESSAGE = 'Only CSV files (.csv) can be uploaded';
export const NO_FILE_MESSAGE = 'Choose a CSV file';

/** The browser's check before sending, so a spreadsheet is refused at once; the server checks the name again. */
export function isCsvFile(file: File): boolean {
  return /\.csv$/i.test(file.name);
}

export type TCsvUploadForm<R, E extends Error> = {
  /** The API call; a refused file throws an `errorType` carrying the server's per-row report. */
  upload: (file: File) => Promise<R>;
  /** The upload's error class; any other error is wrapped in it with its message, so one alert shows every failure. */
  errorType: new (message: string) => E;
  /** The green notice once the file is stored. */
  notice: (result: R) => string;
  /** The query keys to reload once the file is stored. */
  reload: readonly QueryKey[];
  onClose: () => void;
};

export type TCsvUploadFormState<E> = {
  fileError: string | undefined;
  /** Why the last upload failed; null before one, and again once another file is chosen or the modal closes. */
  failure: E | null;
  uploading: boolean;
  choose: (file: File | null) => void;
  submit: (event: FormEvent<HTMLFormElement>) => void;
  /** Forgets the error and the failure, then closes; a stored upload closes the modal the same way. */
  close: () => void;
};

export function useCsvUploadForm<R, E extends Error>({
  upload,
  errorType,
  notice,
  reload,
  onClose,
}: TCsvUploadForm<R, E>): TCsvUploadFormState<E> {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const mutation = useMutation({
    mutationFn: (chosen: File) => upload(chosen),
    onSuccess: async (result) => {
      notifications.show({ color: 'green', message: notice(result) });
      setFile(null);
      close();
      await Promise.all(reload.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
  const failure =
    mutation.error === null
      ? null
      : mutation.error instanceof errorType
        ? mutation.error
        : new errorType(mutation.error.message);

  function close() {
    mutation.reset();
    setFileError(undefined);
    onClose();
  }

  const choose = (chosen: File | null) => {
    setFile(chosen);
    mutation.reset();
    setFileError(chosen !== null && !isCsvFile(chosen) ? NOT_CSV_MESSAGE : undefined);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (file === null) return setFileError(NO_FILE_MESSAGE);
    if (!isCsvFile(file)) return setFileError(NOT_CSV_MESSAGE);
    mutation.mutate(file);
  };

  return { fileError, failure, uploading: mutation.isPending, choose, submit, close };
}
