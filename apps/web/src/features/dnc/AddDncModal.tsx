// "Add number": a phone number, the list it goes on (the system list or a campaign's), and why. A number already sent
// to the dialer says so as it is typed ("sent to VICIdial list 1001 on 2026-11-18: it will be pulled").
import { useState, type FormEvent } from 'react';
import { Alert, Modal, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormActions } from '../../components/FormActions.tsx';
import { addDncNumber, DNC_KEY, fetchDncSent, filterOf, filterQuery } from './api.ts';
import { ListSelect } from './ListSelect.tsx';

type Props = { opened: boolean; onClose: () => void; initialList: string };

/** The pause in typing after which the number is looked up among the sent leads. */
export const SENT_LOOKUP_DELAY_MS = 300;

export function AddDncModal({ opened, onClose, initialList }: Props) {
  const queryClient = useQueryClient();
  const [number, setNumber] = useState('');
  const [list, setList] = useState(initialList === 'all' ? 'system' : initialList);
  const [reason, setReason] = useState('');
  const [numberError, setNumberError] = useState<string | undefined>();
  // Looked up once typing pauses, for a text that can be a whole number.
  const [typed] = useDebouncedValue(number.trim(), SENT_LOOKUP_DELAY_MS);
  const sent = useQuery({
    queryKey: [...DNC_KEY, 'sent', typed, list],
    queryFn: ({ signal }) => fetchDncSent(typed, filterOf(list), signal),
    enabled: opened && typed.replace(/\D/g, '').length >= 6,
    staleTime: 0,
  });
  const warning = typed === number.trim() ? sent.data?.warning : undefined;
  const mutation = useMutation({
    mutationFn: addDncNumber,
    onSuccess: async (entry) => {
      notifications.show({
        color: 'green',
        message: `${entry.phoneNumber} added to ${entry.campaignName ?? 'the system list'}.`,
      });
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
          <TextInput
            label="Phone number"
            withAsterisk
            autoComplete="off"
            value={number}
            error={numberError}
            onChange={(e) => setNumber(e.currentTarget.value)}
          />
          <ListSelect label="List" value={list} onChange={setList} />
          {warning !== undefined && warning !== null && (
            <Alert color="yellow" variant="light" title="Already sent to the dialer" p="xs" role="status">
              {warning}
            </Alert>
          )}
          <TextInput
            label="Reason"
            placeholder="Customer asked not to be called"
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
          <FormActions onCancel={onClose} saving={mutation.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
