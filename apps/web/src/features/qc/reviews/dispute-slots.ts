// The dispute parts of the two review screens (docs/guide/disputes.md). Disputes are an area of their own
// (features/disputes) and features never import each other (docs/architecture.md §1), so the pages name here what
// they need and app/pages.tsx gives it to them, as it gives /generateLead the dialer's send card.
import type { ComponentType, ReactNode } from 'react';
import type { TAgentQcRecord } from '@crm/shared';

/** Until when a record may be disputed; null while the dispute settings are unknown (the server checks anyway). */
export type TDisputeUntil = (record: TAgentQcRecord) => Date | null;

/** /agent-performance ("QC Review"). */
export type TAgentReviewDisputes = {
  /** Reads the dispute window once for the table (only while `enabled`: an agent's own records). */
  DisputeWindow: ComponentType<{ enabled: boolean; children: (until: TDisputeUntil) => ReactNode }>;
  /** Beside Submit Review on an open row: "Dispute criteria" and its dialog, while `until` has not passed. */
  RaiseDispute: ComponentType<{ record: TAgentQcRecord; until: Date | null; disabled: boolean }>;
  /** Under a record: its dispute's row (`columns` wide) when it carries one, else `otherwise`. */
  DisputeOutcome: ComponentType<{
    record: TAgentQcRecord;
    columns: number;
    canEscalate: boolean;
    otherwise: ReactNode;
  }>;
};

/** /flag-raised ("Raised Flags"). */
export type TRaisedFlagsDisputes = {
  /** First on the page: the disputes waiting for an answer (for admins, a decision too). */
  DisputesCard: ComponentType<{ isAdmin: boolean }>;
  /** Reads the open disputes and gives the Concerned List the reviews they carry: those are answered there. */
  OpenDisputes: ComponentType<{ children: (disputedReviews: ReadonlySet<number>) => ReactNode }>;
  /** After the Concerned List. */
  FiguresCard: ComponentType;
  /** Beside the figures, for admins. */
  SettingsCard: ComponentType;
};
