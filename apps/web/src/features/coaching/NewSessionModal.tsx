// "New session" (QC inspectors and admins): the agent, the campaign, focus criteria from the campaign's in-house
// scorecard version, QC records picked from the agent's, notes, private notes, action items and a meeting date. The
// values live with the page, so a refusal or a Cancel loses nothing typed; Save stays in view below the scrolled fields.
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Chip,
  Grid,
  Group,
  Loader,
  Modal,
  ScrollArea,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { COACHING_LIMITS, type TCoachingSession, type TScorecard } from '@crm/shared';
import { CampaignSelect } from '../../components/CampaignSelect.tsx';
import { DateField } from '../../components/DateField.tsx';
import { FormActions } from '../../components/FormActions.tsx';
import { refusalOfError } from '../../app/refusal.ts';
import {
  COACHING_AGENTS_KEY,
  agentRecordsKey,
  createCoachingSession,
  fetchAgentRecords,
  fetchCoachingAgents,
  fetchInHouseScorecard,
  inHouseVersionKey,
} from './api.ts';
import {
  EMPTY_ACTION_ITEM,
  focusOnScorecard,
  toCoachingRequest,
  validateCoachingForm,
  type TCoachingFormValues,
} from './coaching-form.ts';

type Props = {
  opened: boolean;
  form: UseFormReturnType<TCoachingFormValues>;
  onClose: () => void;
  onSaved: (session: TCoachingSession) => void;
};

/** The refusal in the server's words, with its code when it has one. */
function refusalText(error: Error): string {
  const refusal = refusalOfError(error);
  return refusal?.code ? `${error.message} (${refusal.code})` : error.message;
}

/** The campaign's in-house scorecard version (react-query shares one read between the field and the submit). */
function useInHouseScorecard(campaignName: string) {
  return useQuery({
    queryKey: inHouseVersionKey(campaignName),
    queryFn: () => fetchInHouseScorecard(campaignName),
    enabled: campaignName !== '',
    retry: false,
  });
}

function criteriaKeysOf(scorecard: TScorecard | undefined): string[] | null {
  return scorecard === undefined ? null : scorecard.sections.flatMap((s) => s.criteria.map((c) => c.key));
}

function FocusField({ form }: { form: UseFormReturnType<TCoachingFormValues> }) {
  const campaignName = form.values.campaignName;
  const scorecard = useInHouseScorecard(campaignName);
  const criteria = (scorecard.data?.sections ?? []).flatMap((s) => s.criteria);
  // Keys a link brought that this campaign's scorecard lacks are left out (and said so); the chips show the rest.
  const { kept, dropped } = focusOnScorecard(
    form.values.focus,
    criteria.map((c) => c.key),
  );

  return (
    <Stack gap={4}>
      <Text fw={500} fz="sm" id="coaching-focus-label">
        Focus criteria{' '}
        <Text span c="red">
          *
        </Text>
      </Text>
      {campaignName === '' ? (
        <Text fz="sm" c="dimmed">
          Choose the campaign: its in-house scorecard&apos;s criteria are offered here.
        </Text>
      ) : scorecard.isPending ? (
        <Group gap="xs">
          <Loader size="xs" />
          <Text fz="sm">Loading the scorecard…</Text>
        </Group>
      ) : scorecard.isError ? (
        <Alert color="red" variant="light" p="xs">
          {scorecard.error.message}
        </Alert>
      ) : (
        <>
          <Text fz="xs" c="dimmed">
            {scorecard.data.name} (version {scorecard.data.version})
          </Text>
          <Chip.Group multiple value={kept} onChange={(v) => form.setFieldValue('focus', v)}>
            <Group gap={6} role="group" aria-labelledby="coaching-focus-label">
              {criteria.map((c) => (
                <Chip key={c.key} value={c.key} size="xs">
                  {c.name}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          {dropped.length > 0 && (
            <Text fz="xs" c="orange.8">
              Not on this scorecard, left out: {dropped.join(', ')}
            </Text>
          )}
        </>
      )}
      {typeof form.errors.focus === 'string' && (
        <Text c="red" fz="xs" role="alert">
          {form.errors.focus}
        </Text>
      )}
    </Stack>
  );
}

function RecordsField({ form }: { form: UseFormReturnType<TCoachingFormValues> }) {
  const agentId = form.values.agentId;
  const records = useQuery({
    queryKey: agentRecordsKey(agentId),
    queryFn: () => fetchAgentRecords(agentId),
    enabled: agentId !== '',
  });
  const rows = records.data ?? [];
  return (
    <Stack gap={4}>
      <Text fw={500} fz="sm" id="coaching-records-label">
        Linked QC records ({form.values.qcRecordIds.length} chosen)
      </Text>
      {agentId === '' ? (
        <Text fz="sm" c="dimmed">
          Choose the agent: their in-house QC records are offered here.
        </Text>
      ) : records.isPending ? (
        <Group gap="xs">
          <Loader size="xs" />
          <Text fz="sm">Loading the agent&apos;s records…</Text>
        </Group>
      ) : records.isError ? (
        <Alert color="red" variant="light" p="xs">
          {records.error.message}
        </Alert>
      ) : rows.length === 0 ? (
        <Text fz="sm" c="dimmed">
          No in-house QC records of this agent that you can see.
        </Text>
      ) : (
        <ScrollArea.Autosize mah={150} type="auto">
          <Checkbox.Group
            value={form.values.qcRecordIds}
            onChange={(v) => form.setFieldValue('qcRecordIds', v)}
            aria-labelledby="coaching-records-label"
          >
            <Stack gap={4}>
              {rows.map((r) => (
                <Checkbox
                  key={r.id}
                  value={String(r.id)}
                  size="xs"
                  label={`${r.callDate} · ${r.campaignName} · ${r.consumerNumber} · ${r.total} (${r.agentGrade})`}
                />
              ))}
            </Stack>
          </Checkbox.Group>
        </ScrollArea.Autosize>
      )}
      {typeof form.errors.qcRecordIds === 'string' && (
        <Text c="red" fz="xs">
          {form.errors.qcRecordIds}
        </Text>
      )}
    </Stack>
  );
}

function ActionItemsField({ form }: { form: UseFormReturnType<TCoachingFormValues> }) {
  const items = form.values.actionItems;
  return (
    <Stack gap={4}>
      <Text fw={500} fz="sm">
        Action items
      </Text>
      {items.map((item, i) => (
        <Group key={i} gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            aria-label={`Action item ${i + 1}`}
            placeholder="What the agent will do"
            style={{ flex: 1 }}
            {...form.getInputProps(`actionItems.${i}.text`)}
          />
          <DateField
            aria-label={`Action item ${i + 1} due`}
            placeholder="Due yyyy-MM-dd"
            w={150}
            value={item.due}
            onChange={(v) => form.setFieldValue(`actionItems.${i}.due`, v)}
            error={form.errors[`actionItems.${i}.due`]}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            mt={4}
            aria-label={`Remove action item ${i + 1}`}
            onClick={() => form.removeListItem('actionItems', i)}
          >
            ✕
          </ActionIcon>
        </Group>
      ))}
      {typeof form.errors.actionItems === 'string' && (
        <Text c="red" fz="xs">
          {form.errors.actionItems}
        </Text>
      )}
      <Group>
        <Button
          variant="light"
          size="xs"
          disabled={items.length >= COACHING_LIMITS.actionItems}
          onClick={() => form.insertListItem('actionItems', { ...EMPTY_ACTION_ITEM })}
        >
          Add action item
        </Button>
      </Group>
    </Stack>
  );
}

export function NewSessionModal({ opened, form, onClose, onSaved }: Props) {
  const agents = useQuery({ queryKey: COACHING_AGENTS_KEY, queryFn: fetchCoachingAgents, enabled: opened });
  const keys = criteriaKeysOf(useInHouseScorecard(form.values.campaignName).data);
  const mutation = useMutation({
    mutationFn: (values: TCoachingFormValues) => createCoachingSession(toCoachingRequest(values)),
    onSuccess: onSaved,
  });
  const agentOptions = (agents.data ?? []).map((a) => ({ value: a.agentId, label: `${a.name} (${a.agentId})` }));
  // An agent named in the address that the list lacks still shows as chosen (the server says if it is unknown).
  const agentId = form.values.agentId;
  const agentData =
    agentId !== '' && !agentOptions.some((o) => o.value === agentId)
      ? [{ value: agentId, label: agentId }, ...agentOptions]
      : agentOptions;

  return (
    <Modal opened={opened} onClose={onClose} title="New coaching session" size={1100} yOffset="3dvh">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          // What is sent is what the chips show: focus keys not on the campaign's scorecard left out.
          const values = {
            ...form.values,
            focus: keys === null ? form.values.focus : focusOnScorecard(form.values.focus, keys).kept,
          };
          const errors = validateCoachingForm(values);
          form.setErrors(errors);
          if (Object.keys(errors).length === 0) mutation.mutate(values);
        }}
        noValidate
        aria-label="New coaching session"
      >
        <ScrollArea.Autosize mah="calc(94dvh - 150px)" type="auto" offsetScrollbars>
          <Stack gap="sm">
            <Group align="flex-start" grow>
              <Select
                label="Agent"
                withAsterisk
                searchable
                data={agentData}
                placeholder={agents.isPending ? 'Loading agents…' : 'Choose the agent'}
                nothingFoundMessage="No agent matches"
                value={agentId === '' ? null : agentId}
                onChange={(v) => {
                  form.setFieldValue('agentId', v ?? '');
                  form.setFieldValue('qcRecordIds', []);
                }}
                error={agents.isError ? agents.error.message : form.errors.agentId}
              />
              <CampaignSelect
                label="Campaign"
                withAsterisk
                value={form.values.campaignName}
                onChange={(v) => {
                  form.setFieldValue('campaignName', v);
                }}
                error={form.errors.campaignName}
              />
              <DateField
                label="Meeting date"
                value={form.values.meetingDate}
                onChange={(v) => form.setFieldValue('meetingDate', v)}
                error={form.errors.meetingDate}
                clearLabel="Clear the meeting date"
              />
            </Group>
            <Grid gap="md">
              <Grid.Col span={6}>
                <Stack gap="sm">
                  <FocusField form={form} />
                  <Textarea
                    label="Notes for the agent"
                    autosize
                    minRows={2}
                    maxRows={5}
                    {...form.getInputProps('notes')}
                  />
                  <Textarea
                    label="Private notes"
                    description="Only QC inspectors and admins read these"
                    autosize
                    minRows={2}
                    maxRows={5}
                    {...form.getInputProps('privateNotes')}
                  />
                </Stack>
              </Grid.Col>
              <Grid.Col span={6}>
                <Stack gap="sm">
                  <RecordsField form={form} />
                  <ActionItemsField form={form} />
                </Stack>
              </Grid.Col>
            </Grid>
          </Stack>
        </ScrollArea.Autosize>
        <Stack gap="xs" mt="sm">
          {mutation.isError && (
            <Alert color="red" variant="light" role="alert" title="The session was not saved" p="xs">
              {refusalText(mutation.error)}
            </Alert>
          )}
          <FormActions onCancel={onClose} saving={mutation.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
