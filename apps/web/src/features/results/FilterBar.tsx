// The results' one filter bar, kept in view under the top bar while the questions scroll: the campaign (an admin's any,
// a client's own), the call dates, a lead field and its value, the agent (picked by name; a client types the ID), the
// disposition, Completed only and QC-passed only; and the exports with the lead fields chosen for them. Typed text is
// asked for on Enter or on leaving the field. A client is never sent to a list it may not read (agents, dispositions).
import { forwardRef, useCallback, useEffect, useState, type ReactNode } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  CloseButton,
  Group,
  MultiSelect,
  NativeSelect,
  Paper,
  Stack,
  Text,
} from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { CampaignSelect } from '../../components/CampaignSelect.tsx';
import { DateField } from '../../components/DateField.tsx';
import { RetryAlert } from '../../components/QueryState.tsx';
import { ALL_DATA_TABLES_KEY, fetchAllDataTables } from '../../components/campaign-options.ts';
import {
  CLIENT_ME_KEY,
  dispositionsKey,
  downloadResults,
  fetchClientCampaigns,
  fetchDispositions,
  type TExportChoice,
} from './api.ts';
import { AgentFilter, droppedAgentNote } from './AgentFilter.tsx';
import { CommitInput } from './CommitInput.tsx';
import { LEAD_FIELDS, addLeadField, groupNumber, type TResultsParams } from './results-params.ts';

export const EXPORT_FAILED = 'The export could not be made';
export const CLIENT_CAMPAIGNS_FAILED = 'Your campaigns could not be listed';

/** A client's campaigns from GET /api/clients/me; the one in the address still shows when the list cannot be read. */
function ClientCampaignSelect({ value, onChange }: { value: string; onChange: (campaignName: string) => void }) {
  const me = useQuery({ queryKey: CLIENT_ME_KEY, queryFn: fetchClientCampaigns, staleTime: 60_000 });
  const names = (me.data?.campaigns ?? []).map((c) => c.campaignName).sort((a, b) => a.localeCompare(b));
  // One campaign: nothing to choose, it is shown at once.
  const only = names.length === 1 ? names[0] : undefined;
  useEffect(() => {
    if (value === '' && only !== undefined) onChange(only);
  }, [value, only, onChange]);
  const shown = value !== '' && !names.includes(value) ? [value, ...names] : names;
  const placeholder = me.isPending
    ? 'Loading campaigns…'
    : names.length === 0
      ? 'No campaign to choose'
      : 'Select campaign';
  return (
    <Stack gap={4}>
      <NativeSelect
        label="Campaign"
        w={175}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        data={[{ value: '', label: placeholder, disabled: true }, ...shown.map((n) => ({ value: n, label: n }))]}
      />
      {me.isError && (
        <RetryAlert title={CLIENT_CAMPAIGNS_FAILED} message={me.error.message} onRetry={() => void me.refetch()} />
      )}
    </Stack>
  );
}

/** The campaign's dispositions to pick from; typed as a code where they cannot be read (a client's account). */
function DispositionFilter({
  campaignName,
  value,
  onChange,
  isClient,
}: {
  campaignName: string;
  value: string;
  onChange: (value: string) => void;
  isClient: boolean;
}) {
  const list = useQuery({
    queryKey: dispositionsKey(campaignName),
    queryFn: () => fetchDispositions(campaignName),
    // A client may not list them (403): it types the code.
    enabled: campaignName !== '' && !isClient,
    staleTime: 60_000,
    retry: false,
  });
  if (list.data === undefined)
    return <CommitInput label="Disposition" w={130} value={value} onCommit={onChange} placeholder="Any" />;
  const codes = list.data.map((d) => ({ value: d.code, label: `${d.code} – ${d.name}` }));
  const data = value !== '' && !codes.some((c) => c.value === value) ? [{ value, label: value }, ...codes] : codes;
  return (
    <NativeSelect
      label="Disposition"
      w={140}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      data={[{ value: '', label: 'Any' }, ...data]}
    />
  );
}

/** The lead fields to filter on or export: the lead's own and the campaign's columns (an admin reads those). */
export function useLeadFields(campaignName: string, isClient: boolean): string[] {
  const tables = useQuery({
    queryKey: ALL_DATA_TABLES_KEY,
    queryFn: fetchAllDataTables,
    staleTime: 60_000,
    enabled: !isClient && campaignName !== '',
  });
  const columns = tables.data?.find((t) => t.campaignName === campaignName)?.columns ?? [];
  return [...LEAD_FIELDS, ...columns.filter((c) => !(LEAD_FIELDS as readonly string[]).includes(c))];
}

type Props = {
  params: TResultsParams;
  update: (change: Partial<TResultsParams>) => void;
  /** A change in place of the address's entry, not a step of its own: Back skips it. */
  settle: (change: Partial<TResultsParams>) => void;
  isClient: boolean;
  leadFields: string[];
  /** The calls the filters select, once read. */
  calls: number | undefined;
  /** Whether the filters can be asked for (a campaign, a valid range): the exports need the same. */
  ready: boolean;
  problem: ReactNode;
};

export const FilterBar = forwardRef<HTMLDivElement, Props>(function FilterBar(
  { params, update, settle, isClient, leadFields, calls, ready, problem },
  ref,
) {
  const exporter = useMutation({
    mutationFn: (choice: TExportChoice) => downloadResults(params, choice),
  });
  // An agent let go because the campaign's list lacks it: said until another agent or campaign is chosen.
  const [dropped, setDropped] = useState<{ agentId: string; campaignName: string } | null>(null);
  const dropAgent = useCallback(
    (agentId: string, campaignName: string) => {
      setDropped({ agentId, campaignName });
      settle({ agentId: '' });
    },
    [settle],
  );
  const droppedNote =
    dropped !== null && dropped.campaignName === params.campaignName && params.agentId === ''
      ? droppedAgentNote(dropped.agentId, dropped.campaignName)
      : null;
  const fieldOptions = leadFields.map((f) => ({ value: f, label: f }));
  return (
    <Paper
      ref={ref}
      withBorder
      p="xs"
      radius="md"
      shadow="xs"
      role="search"
      aria-label="Results filters"
      style={{ position: 'sticky', top: 'calc(var(--app-shell-header-offset, 0px) + 4px)', zIndex: 5 }}
    >
      <Stack gap={6}>
        <Group gap="xs" align="flex-end" wrap="wrap">
          {isClient ? (
            <ClientCampaignSelect value={params.campaignName} onChange={(campaignName) => update({ campaignName })} />
          ) : (
            <CampaignSelect w={175} value={params.campaignName} onChange={(campaignName) => update({ campaignName })} />
          )}
          <DateField label="From" w={140} value={params.from} onChange={(from) => update({ from })} />
          <DateField label="To" w={140} value={params.to} onChange={(to) => update({ to })} />
          <NativeSelect
            label="Lead field"
            w={125}
            value={params.field}
            onChange={(event) => update({ field: event.currentTarget.value })}
            data={[{ value: '', label: 'Any' }, ...fieldOptions]}
          />
          <CommitInput
            label="Field value"
            w={125}
            value={params.value}
            disabled={params.field === ''}
            placeholder={params.field === '' ? 'Pick a field' : 'Exactly'}
            onCommit={(value) => update({ value })}
            rightSection={(typed) => (
              <ActionIcon
                variant="subtle"
                size="sm"
                aria-label="Add another lead field"
                title="Keep this field and value, and set another field too"
                disabled={params.field === '' || typed.trim() === ''}
                // The value typed goes with it: the field is not left first (which would ask for it alone).
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => update(addLeadField({ ...params, value: typed }))}
              >
                +
              </ActionIcon>
            )}
          />
          <AgentFilter
            campaignName={params.campaignName}
            value={params.agentId}
            isClient={isClient}
            onChange={(agentId) => update({ agentId })}
            onDropped={dropAgent}
          />
          <DispositionFilter
            isClient={isClient}
            campaignName={params.campaignName}
            value={params.disposition}
            onChange={(disposition) => update({ disposition })}
          />
        </Group>
        <Group gap="md" justify="space-between" wrap="nowrap">
          <Group gap="md" wrap="nowrap">
            <Checkbox
              label="Completed only"
              checked={params.completedOnly}
              onChange={(event) => update({ completedOnly: event.currentTarget.checked })}
            />
            <Checkbox
              label="QC-passed only"
              title="Calls whose QC record passed its scorecard's pass mark"
              checked={params.qcPassed}
              onChange={(event) => update({ qcPassed: event.currentTarget.checked })}
            />
            {params.moreFields.length > 0 && (
              <Group gap={4} wrap="nowrap" aria-label="Lead fields set" role="list" style={{ overflowX: 'auto' }}>
                {params.moreFields.map((f) => (
                  <Badge
                    key={f.field}
                    role="listitem"
                    variant="light"
                    tt="none"
                    maw={220}
                    rightSection={
                      <CloseButton
                        size="xs"
                        aria-label={`Remove ${f.field} = ${f.value}`}
                        onClick={() => update({ moreFields: params.moreFields.filter((g) => g.field !== f.field) })}
                      />
                    }
                  >
                    {f.field} = {f.value}
                  </Badge>
                ))}
              </Group>
            )}
            {droppedNote !== null && (
              <Text size="sm" c="orange.8" role="status" lineClamp={2} maw={320}>
                {droppedNote}
              </Text>
            )}
            {calls !== undefined && (
              <Text size="sm" fw={600} data-testid="results-calls" style={{ whiteSpace: 'nowrap' }}>
                {groupNumber(calls)} call{calls === 1 ? '' : 's'}
              </Text>
            )}
            {problem}
          </Group>
          <Group gap="xs" wrap="nowrap">
            {exporter.isError && (
              <Text size="sm" c="red" role="alert" lineClamp={2} maw={300}>
                {EXPORT_FAILED}: {exporter.error.message}
              </Text>
            )}
            {exporter.isSuccess && (
              <Text size="sm" c="dimmed" role="status" truncate="end" maw={260}>
                Saved {exporter.data}
              </Text>
            )}
            <MultiSelect
              aria-label="Lead fields in the export"
              placeholder={params.fields.length === 0 ? 'Lead fields in export' : undefined}
              w={230}
              size="xs"
              data={fieldOptions}
              value={params.fields}
              onChange={(fields) => update({ fields })}
              clearable
              searchable
              maxDropdownHeight={240}
            />
            <Button
              size="xs"
              disabled={!ready}
              loading={exporter.isPending && exporter.variables.format === 'xlsx'}
              onClick={() => exporter.mutate({ format: 'xlsx', fields: params.fields })}
            >
              Export xlsx
            </Button>
            <Button
              size="xs"
              variant="default"
              disabled={!ready}
              loading={exporter.isPending && exporter.variables.format === 'csv'}
              onClick={() => exporter.mutate({ format: 'csv', fields: params.fields })}
            >
              Export CSV
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
});
