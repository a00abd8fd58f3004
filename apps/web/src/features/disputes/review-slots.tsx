// The dispute parts of the QC Review (/agent-performance) and Raised Flags (/flag-raised) screens, which belong to the
// qc area: app/pages.tsx hands these to the pages (features/qc/reviews/dispute-slots.ts says what each is for), so
// neither area imports the other (docs/architecture.md §1).
import { useState, type ReactNode } from 'react';
import { Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE, type TAgentQcRecord } from '@crm/shared';
import { DisputeDialog } from './DisputeDialog.tsx';
import { DisputeOutcomeRow } from './DisputeOutcomeRow.tsx';
import { disputeUntil } from './dispute-form.ts';
import { DISPUTE_SETTINGS_KEY, disputeListKey, fetchDisputeSettings, fetchDisputes } from './disputes-api.ts';
import { useNow } from './use-now.ts';

// ---- /agent-performance

/** The settings are read once for the whole table, beside its records, so each row knows its window when it shows. */
export function DisputeWindow({
  enabled,
  children,
}: {
  enabled: boolean;
  children: (until: (record: TAgentQcRecord) => Date | null) => ReactNode;
}) {
  const settings = useQuery({
    queryKey: DISPUTE_SETTINGS_KEY,
    queryFn: fetchDisputeSettings,
    staleTime: 60_000,
    enabled,
  });
  const windowDays = settings.data?.disputeWindowDays;
  return children((record) => (windowDays === undefined ? null : disputeUntil(record.createdAt, windowDays)));
}

/** "Dispute criteria" under Submit Review while the record may still be disputed, and the dialog it opens. */
export function RaiseDispute({
  record,
  until,
  disabled,
}: {
  record: TAgentQcRecord;
  until: Date | null;
  disabled: boolean;
}) {
  const [disputing, setDisputing] = useState(false);
  const now = useNow();
  if (until !== null && until <= now) return null;
  return (
    <>
      <Button size="compact-xs" color="red" variant="light" disabled={disabled} onClick={() => setDisputing(true)}>
        Dispute criteria
      </Button>
      <DisputeDialog record={record} until={until} opened={disputing} onClose={() => setDisputing(false)} />
    </>
  );
}

/** A raised concern may carry a dispute: it is looked up for those rows only (few), by the record. */
function useRecordDispute(record: TAgentQcRecord) {
  const enabled = record.review !== null && record.review.raiseConcern && record.review.agreed === 'No';
  return useQuery({
    queryKey: disputeListKey({ qcId: record.id }, 0, 1),
    queryFn: () => fetchDisputes({ qcId: record.id }, 0, 1),
    enabled,
    staleTime: 0,
  });
}

/** Under a disputed record its dispute's row replaces what the record would show otherwise (its resolution). */
export function DisputeOutcome({
  record,
  columns,
  canEscalate,
  otherwise,
}: {
  record: TAgentQcRecord;
  columns: number;
  canEscalate: boolean;
  otherwise: ReactNode;
}) {
  const dispute = useRecordDispute(record).data?.response.content[0] ?? null;
  if (dispute === null) return otherwise;
  return <DisputeOutcomeRow dispute={dispute} columns={columns} canEscalate={canEscalate} />;
}

// ---- /flag-raised

const OPEN_DISPUTES = { status: 'open' } as const;

/** The reviews that carry an open dispute are answered through it, not with the Concerned List's Resolved box. */
export function OpenDisputes({ children }: { children: (disputedReviews: ReadonlySet<number>) => ReactNode }) {
  const openDisputes = useQuery({
    queryKey: disputeListKey(OPEN_DISPUTES, 0, MAX_PAGE_SIZE),
    queryFn: () => fetchDisputes(OPEN_DISPUTES, 0, MAX_PAGE_SIZE),
    staleTime: 0,
  });
  return children(new Set((openDisputes.data?.response.content ?? []).map((d) => d.reviewId)));
}
