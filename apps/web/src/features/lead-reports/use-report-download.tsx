// Starting a report download and telling the admin how it went: the pre-checks' failure in red, or that the
// browser is now saving the file (from then on the browser's download list shows its progress).
import { Alert } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { downloadReport, type TReportKind, type TReportQuery } from './api.ts';

import { REPORT_FAILED, startedText } from '../../components/download-notice.ts';

export { REPORT_FAILED, startedText };

/** The outcome shown is the last download's of this campaign; another campaign starts with none. */
export function useReportDownload(kind: TReportKind, campaign: string) {
  const mutation = useMutation({
    mutationFn: (query: TReportQuery) => downloadReport(kind, query),
    onError: (error) =>
      notifications.show({ color: 'red', title: REPORT_FAILED, message: error.message, autoClose: 8000 }),
  });
  const current = mutation.variables?.tableName === campaign;
  const outcome = !current ? null : mutation.isError ? (
    <Alert color="red" variant="light" role="alert" title={REPORT_FAILED}>
      {mutation.error.message}
    </Alert>
  ) : mutation.isSuccess ? (
    <Alert color="green" variant="light" role="status">
      {startedText(mutation.data)}
    </Alert>
  ) : null;
  return {
    start: (query: TReportQuery) => mutation.mutate(query),
    reset: () => mutation.reset(),
    pending: mutation.isPending,
    outcome,
  };
}
