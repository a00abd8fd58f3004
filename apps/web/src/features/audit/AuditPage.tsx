// /audit (docs/guide/audit.md): the audit log, newest first, filtered by actor, object, action and days (kept in the
// address), paged by the server, with a CSV export of every filtered entry. Laid out for 1366×768: the filters, the
// pager and the export stay in view and the table scrolls inside the page.
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { PageSizeSelect, Pager } from '../../components/Pager.tsx';
import { pagerState } from '../../components/pager.ts';
import { LoadingRow, RetryAlert } from '../../components/QueryState.tsx';
import { useAddressState } from '../../app/use-search-update.ts';
import { useListQuery } from '../../components/use-list-query.ts';
import { auditListKey, fetchAuditPage, startAuditExport } from './api.ts';
import { changeAuditParams, readAuditParams, writeAuditParams, type TAuditFilters } from './audit-params.ts';
import { AuditFilters } from './AuditFilters.tsx';
import { AuditTable } from './AuditTable.tsx';

export const EXPORT_FAILED = 'The audit log could not be exported';

/** What is left of a 768-pixel-high window under the top bar, title, filters and pager. */
const TABLE_HEIGHT = 'max(240px, calc(100dvh - 330px))';

const AUDIT_ADDRESS = { read: readAuditParams, write: writeAuditParams, change: changeAuditParams };

export default function AuditPage() {
  const [state, update] = useAddressState(AUDIT_ADDRESS);
  const { page, size, ...filters } = state;

  const query = useListQuery({
    queryKey: auditListKey(filters),
    fetchPage: (p, s) => fetchAuditPage(filters, p, s),
    search: undefined,
    term: '',
    page,
    size,
  });
  const result = query.data;
  const pager = pagerState(result?.page ?? page, size, result?.total ?? 0);

  const exporting = useMutation({
    mutationFn: (chosen: TAuditFilters) => startAuditExport(chosen),
    onSuccess: (fileName) =>
      notifications.show({
        color: 'green',
        message: `Your browser is saving ${fileName}; its progress is in the browser's downloads.`,
      }),
    onError: (error) =>
      notifications.show({ color: 'red', title: EXPORT_FAILED, message: error.message, autoClose: 8000 }),
  });

  let placeholder;
  if (query.isPending) placeholder = <LoadingRow />;
  else if (query.isError)
    placeholder = (
      <RetryAlert
        title="The audit log could not be loaded"
        message={query.error.message}
        onRetry={() => void query.refetch()}
      />
    );
  else if ((result?.rows.length ?? 0) === 0) {
    placeholder = (
      <Text ta="center" c="dimmed" py="lg">
        No entries match these filters
      </Text>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="nowrap">
        <Title order={1}>Audit log</Title>
        <Group gap="sm" align="flex-end" wrap="nowrap">
          <PageSizeSelect value={size} onChange={(next) => update({ size: next })} />
          <Button variant="light" loading={exporting.isPending} onClick={() => exporting.mutate(filters)}>
            Export CSV
          </Button>
        </Group>
      </Group>
      {/* Keyed by the filters applied, so Back, Clear or a new link resets what the form shows. */}
      <AuditFilters
        key={writeAuditParams({ ...filters, page: 0, size }).toString()}
        applied={filters}
        onApply={(next) => update(next)}
      />
      <AuditTable
        entries={result?.rows ?? []}
        placeholder={placeholder}
        busy={query.isFetching}
        faded={query.isPlaceholderData}
        maxHeight={TABLE_HEIGHT}
      />
      <Pager pager={pager} onPage={(next) => update({ page: next })} />
    </Stack>
  );
}
