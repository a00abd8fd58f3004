// "Add number": a phone number, the list it goes on (the system list or a campaign's), and why.
import { useState, type FormEvent } from 'react';
import { Modal, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FormActions } from '../../components/FormActions.tsx';
import { addDncNumber, DNC_KEY, filterOf, filterQuery } from './api.ts';
import { ListSelect } from './ListSelect.tsx';

type Props = { opened: boolean; onClose: () => void; initialList: string };

export function AddDncModal({ opened, onClose, initialList }: Props) {
  const queryClient = useQueryClient();
  const [number, setNumber] = useState('');
  const [list, setList] = useState(initialList === 'all' ? 'system' : initialList);
  const [reason, setReason] = useState('');
  const [numberError, setNumberError] = useState<string | undefined>();
  const mutation = useMutation({
    mutationFn: addDncNumber,
    onSuccess: async (entry) => {
      notifications.show({ color: 'green', message: `${entry.phoneNumber} added to ${entry.campaignName ?? 'the system list'}.` });
      setNumber('');
      setReason('');
      onClose();
      await queryClient.invalidateQueries({ queryKey: DNC_KEY });
    },
    // The API client shows the refusal in the server's words; a bad or listed number shows under its field too.
    onError: (error) => setNumberError(error.message),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (number.trim() === '') return setNumberError('Enter a phone number');
    setNumberError(undefined);
    const { campaignName } = filterQuery(filterOf(list));
    mutation.mutate({ number: number.trim(), reason: reason.trim(), ...(campaignName ? { campaignName } : {}) });
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Add number">
      <form onSubmit={submit} noValidate aria-label="Add number">
        <Stack gap="md">
          <TextInput label="Phone number" withAsterisk autoComplete="off" value={number} error={numberError} onChange={(e) => setNumber(e.currentTarget.value)} />
          <ListSelect label="List" value={list} onChange={setList} />
          <TextInput label="Reason" placeholder="Customer asked not to be called" value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
          <FormActions onCancel={onClose} saving={mutation.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
