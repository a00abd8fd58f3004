// The results' agent filter: an admin (or inspector) picks among the campaign's own agents by name (GET
// /api/results/agents, read again when the campaign changes); a client, who may not list agents, types the agent ID.
import { useEffect, useRef } from 'react';
import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { fetchResultAgents, resultAgentsKey } from './api.ts';
import { CommitInput } from './CommitInput.tsx';

/** What the bar says when it let go of an agent the campaign's list lacks. */
export const droppedAgentNote = (agentId: string, campaignName: string) =>
  `Agent ${agentId} made no calls in ${campaignName}: the agent filter was cleared.`;

type Props = {
  campaignName: string;
  value: string;
  onChange: (agentId: string) => void;
  /** The chosen agent made no call in the campaign: the bar clears it and says so. */
  onDropped: (agentId: string, campaignName: string) => void;
  isClient: boolean;
};

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export function AgentFilter({ campaignName, value, onChange, onDropped, isClient }: Props) {
  const agents = useQuery({
    queryKey: resultAgentsKey(campaignName),
    queryFn: ({ signal }) => fetchResultAgents(campaignName, signal),
    enabled: !isClient && campaignName !== '',
    staleTime: 60_000,
    retry: false,
  });
  const listed = agents.data;
  // The list is the current campaign's (its key), never the one before: an agent it lacks made no call there.
  const missing = value !== '' && listed !== undefined && !listed.some((a) => same(a.agentId, value));
  const dropped = useRef('');
  useEffect(() => {
    const key = `${campaignName}\n${value}`;
    // Once: the effect runs again before the address lets go of it.
    if (!missing) dropped.current = '';
    if (!missing || dropped.current === key) return;
    dropped.current = key;
    onDropped(value, campaignName);
  }, [missing, value, campaignName, onDropped]);

  // A list that cannot be read (or a client's account): the ID is typed, as before.
  if (isClient || agents.isError)
    return <CommitInput label="Agent" w={120} value={value} onCommit={onChange} placeholder="Agent ID" />;
  const options = (listed ?? []).map((a) => ({
    value: a.agentId,
    label: a.name === null ? a.agentId : `${a.name} (${a.agentId})`,
  }));
  // Until the campaign's list arrives, the ID in the address shows as it is.
  if (value !== '' && !options.some((o) => same(o.value, value))) options.unshift({ value, label: value });
  const chosen = options.find((o) => same(o.value, value))?.value ?? null;
  const placeholder =
    campaignName === ''
      ? 'Pick a campaign'
      : agents.isPending
        ? 'Loading agents…'
        : options.length === 0
          ? 'No agent called yet'
          : 'Any agent';
  return (
    <Select
      label="Agent"
      w={175}
      searchable
      clearable
      disabled={campaignName === ''}
      placeholder={placeholder}
      nothingFoundMessage="No agent of this campaign matches"
      data={options}
      value={value === '' ? null : chosen}
      onChange={(v) => onChange(v ?? '')}
      maxDropdownHeight={280}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
