// The end-of-call button "Customer asked not to be called": the number of the call just saved goes on the campaign's
// do-not-call list (POST /api/ap/doNotCall, docs/guide/dnc.md); the server's answer, or its refusal, is shown in place.
import { Button, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { CUSTOMER_ASKED_NOT_TO_BE_CALLED } from '@crm/shared';
import { addToDoNotCall } from './api.ts';

type Props = { campaignName: string; call: { leadId: number; cellNumber: string } };

export function DoNotCallButton({ campaignName, call }: Props) {
  const mutation = useMutation({ mutationFn: () => addToDoNotCall(campaignName, call.leadId) });
  if (mutation.isSuccess) {
    return (
      <Text size="sm" role="status" c="orange.8">
        {mutation.data.message}
      </Text>
    );
  }
  return (
    <>
      <Button
        size="xs"
        variant="outline"
        color="orange"
        loading={mutation.isPending}
        onClick={() => mutation.mutate()}
        title={`Put ${call.cellNumber} on this campaign's do-not-call list`}
        style={{ alignSelf: 'flex-start' }}
      >
        {CUSTOMER_ASKED_NOT_TO_BE_CALLED}
      </Button>
      {mutation.isError && (
        <Text size="sm" role="alert" c="red.8">
          {mutation.error.message}
        </Text>
      )}
    </>
  );
}
