// The columns of the QC record lists (spec §2 QC Records Client; reference/original-frontend.md §2.12), in order.
import type { ReactNode } from 'react';
import { Badge, Text } from '@mantine/core';
import { QC_CRITERIA, type TQcCriterionKey, type TQcKind } from '@crm/shared';
import { GRADE_COLOURS, criterionMarks, formatDuration, recordTexts, type TQcRecord } from './record-form.ts';

export type TRecordColumn = {
  key: string;
  header: string;
  /** A hint under the header (a criterion's scale). */
  hint?: string;
  render: (row: TQcRecord) => ReactNode;
  /** Long text columns wrap within this width; the others never wrap. */
  maxWidth?: number;
};

/** The criterion headings of the older lists. */
const CRITERION_HEADERS: Record<TQcCriterionKey, string> = {
  greetings: 'Greetings',
  liveliness: 'Liveliness',
  pronunciation: 'Pronunciation',
  mumbling: 'Mumbling',
  pace: 'Pace',
  pitch: 'Pitch',
  courtesy: 'Courtesy',
  holdProcess: 'Hold process',
  takingPermission: 'Taking permission',
  acknowledgementAndFollowUp: 'Acknowledgement & follow up',
  poorObjectionAndNegotiationSkill: 'Poor objection & negotiation skill',
  crm: 'CRM',
  closing: 'Closing',
  fatal: 'Fatal',
};

const orDash = (text: string) => (text.trim() === '' ? '—' : text);

const EAS_LABELS: Record<string, string> = { yes: 'Yes', no: 'No' };

/** The first three columns stay in view while the wide table scrolls sideways (widths in px). */
export const STICKY_WIDTHS = { action: 92, callDate: 112, agentName: 170 } as const;

export function recordColumns(kind: TQcKind): TRecordColumn[] {
  return [
    { key: 'callDate', header: 'Call date', render: (r) => r.callDate },
    { key: 'agentName', header: kind === 'client' ? 'Name' : 'Agent Name', render: (r) => r.agentName },
    { key: 'agentId', header: 'ID', render: (r) => r.agentId },
    { key: 'campaignName', header: 'Campaign', render: (r) => r.campaignName },
    { key: 'consumerNumber', header: 'Consumer number', render: (r) => r.consumerNumber },
    { key: 'duration', header: 'Duration', render: (r) => formatDuration(r.duration) },
    ...QC_CRITERIA.map((c): TRecordColumn => ({
      key: c.key,
      header: CRITERION_HEADERS[c.key],
      hint: c.hint,
      render: (r) => {
        const marks = criterionMarks(r, c.key);
        return (
          <Text size="sm" c={marks < 0 ? 'red' : undefined}>
            {marks}
          </Text>
        );
      },
    })),
    { key: 'fatalReason', header: 'Fatal Reason', maxWidth: 220, render: (r) => orDash(recordTexts(r).fatalReason) },
    {
      key: 'easVoiceMatchedWithReport',
      header: 'EAS voice matched with report',
      render: (r) => {
        const eas = recordTexts(r).easVoiceMatchedWithReport;
        return EAS_LABELS[eas] ?? orDash(eas);
      },
    },
    {
      key: 'total',
      header: 'Total',
      render: (r) => (
        <Text size="sm" fw={700}>
          {r.total}
        </Text>
      ),
    },
    {
      key: 'agentGrade',
      header: 'Agent grade',
      render: (r) => (
        <Badge color={GRADE_COLOURS[r.agentGrade]} variant="light" style={{ textTransform: 'none' }}>
          {r.agentGrade}
        </Badge>
      ),
    },
    { key: 'suggestion', header: 'Suggestion', maxWidth: 280, render: (r) => orDash(recordTexts(r).suggestion) },
    { key: 'qcInspector', header: 'QC inspector', render: (r) => r.qcInspector },
  ];
}
