// "Also apply to the client record" on an in-house record's edit page (docs/guide/qc.md, Editing): under the totals,
// beside Update, what the edit would change on the client record of the call; ticked when that record agreed with the
// in-house one on every field changed. A client record saved meanwhile refuses the save (409 CLIENT_RECORD_CHANGED):
// its new values are read again and shown, the inspector's edit kept.
import { useState, type ReactNode } from 'react';
import { Checkbox, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { REFUSAL_CODES, type TQcRecordEditReply } from '@crm/shared';
import { isRefusedAs } from '../../../app/refusal.ts';
import { fetchQcRecord, qcRecordKey, type TApplyToClient } from './api.ts';
import { changeWords, clientPreview, fieldsOfRecord, type TClientPreview, type TFields } from './apply-to-client.ts';
import { isClientRecord, type TAnyQcRecord } from './record-form.ts';

const LABEL = 'Also apply to the client record';

function summaryOf(preview: TClientPreview, id: number): string {
  if (preview.changed === 0) return `Client record #${id}: change a mark or a text to apply it there too.`;
  if (preview.missing.length > 0)
    return `Not possible: the client record's scorecard has no ${preview.missing.join(', ')}. Edit it on its own page.`;
  if (preview.changes.length === 0) return `Client record #${id} already has these values.`;
  return `Client record #${id} would change: ${preview.changes.map(changeWords).join('; ')}`;
}

export type TApplyOption = {
  /** The checkbox and its preview, or null when the call has no client record. */
  option: ReactNode;
  /** What the save sends, when ticked. */
  send: TApplyToClient | undefined;
  /** A refusal of the save that is this option's (the client record changed meanwhile): shown here; true when it was. */
  onRefused: (error: unknown) => boolean;
};

/** What the save needs and shows for the client record of `record`'s call; `before`/`after` the in-house fields. */
export function useApplyToClient(
  record: TAnyQcRecord,
  before: TFields,
  after: TFields,
  disabled: boolean,
): TApplyOption {
  const ref = isClientRecord(record) ? null : (record.clientRecord ?? null);
  const client = useQuery({
    queryKey: qcRecordKey('client', ref?.id ?? 0),
    queryFn: () => fetchQcRecord('client', ref?.id ?? 0),
    enabled: ref !== null,
    staleTime: 0,
    retry: false,
  });
  // null: as the preview says (defaultOn); the inspector's own tick once they set it.
  const [choice, setChoice] = useState<boolean | null>(null);
  const [stale, setStale] = useState<string | null>(null);
  const preview = client.data === undefined ? null : clientPreview(before, after, fieldsOfRecord(client.data));
  const possible = preview !== null && preview.changed > 0 && preview.missing.length === 0;
  const checked = possible && (choice ?? preview.defaultOn);
  const onRefused = (error: unknown) => {
    if (!isRefusedAs(error, REFUSAL_CODES.clientRecordChanged)) return false;
    setStale(error.message);
    void client.refetch();
    return true;
  };
  if (ref === null) return { option: null, send: undefined, onRefused };

  let summary: string;
  if (client.isError) summary = `The client record could not be read: ${client.error.message}`;
  else if (preview === null) summary = 'Reading the client record…';
  else summary = summaryOf(preview, ref.id);
  const option = (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Checkbox
        size="xs"
        label={LABEL}
        checked={checked}
        disabled={disabled || !possible}
        onChange={(e) => setChoice(e.currentTarget.checked)}
      />
      {stale !== null && (
        <Text size="xs" c="orange" role="alert" pl={26}>
          {`${stale} Its values now are read again below.`}
        </Text>
      )}
      <Text size="xs" c="dimmed" pl={26} aria-live="polite" data-testid="apply-to-client-preview">
        {summary}
      </Text>
    </Stack>
  );
  const send =
    checked && client.data ? { applyToClient: true as const, clientVersion: client.data.version } : undefined;
  return { option, send, onRefused };
}

/** "Pace, Suggestion": what the reply says was applied, by the fields' names; null when nothing was. */
export function appliedNames(reply: unknown, after: TFields): string | null {
  const applied = (reply as Partial<TQcRecordEditReply> | null)?.appliedToClient;
  if (applied === undefined) return null;
  const names = [...applied.criteria, ...applied.texts].map((k) => after[k]?.name ?? k);
  return names.length === 0 ? null : names.join(', ');
}
