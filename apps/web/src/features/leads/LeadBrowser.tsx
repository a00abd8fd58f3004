// The lead browser of one campaign: filter by data date (the jump to a date), status and phone, page through its leads
// and their state by key (the keyset pager: First, Previous, Next and Last, each as fast on the last of thousands of
// pages as on the first; docs/api.md "Pages"). Each lead shows its calls and last disposition; its calls open under its
// row (docs/guide/call-loop.md).
import { Fragment, useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, CloseButton, Group, NativeSelect, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { LEAD_STATUSES, type TLead, type TLeadCallSummary, type TLeadStatus } from '@crm/shared';
import { KeysetPager, PageSizeSelect } from '../../components/Pager.tsx';
import { keysetPagerState, nextNav, previousNav, type TKeysetNav } from '../../components/pager.ts';
import { SEARCH_DEBOUNCE_MS } from '../../components/DataList.tsx';
import { dataDatesKey, fetchDataDates, fetchLeadPage, leadPageKey, type TLeadPageQuery } from './api.ts';
import { answersText, callsById, callsText, completedText, generatedText, lastDispositionText } from './lead-cells.ts';
import { LeadAttempts } from '../../components/LeadAttempts.tsx';
import { formatDateTimeMinutes } from '../../app/time-zone.ts';
import { LoadingRow, RetryAlert } from '../../components/QueryState.tsx';

/** Page sizes are the lists' own (PageSizeSelect); ZLeadBrowseQuery allows at most 100 a page. */
const DEFAULT_SIZE = 25;

const STATUS_LABELS: Record<TLeadStatus, string> = {
  fresh: 'Fresh',
  generated: 'Generated',
  called: 'Called',
  completed: 'Completed',
};

/** What a row's cells know besides the lead: its call figures, and whether its calls are open under it. */
type TRowContext = { calls: TLeadCallSummary | undefined; open: boolean; toggle: () => void; callsId: string };

type Column = { header: string; cell: (lead: TLead, row: TRowContext) => ReactNode; wrap?: boolean };

function text(value: TLead[string] | undefined): string {
  return value === null || value === undefined || value === '' ? '—' : String(value);
}

/** A lead's call count; with calls, the button that opens them under the row. */
function CallsCell({ lead, row }: { lead: TLead; row: TRowContext }) {
  const label = callsText(row.calls);
  if (row.calls === undefined || row.calls.attempts === 0) return label;
  const number = text(lead.cell_number);
  return (
    <Button
      size="compact-xs"
      variant={row.open ? 'light' : 'subtle'}
      onClick={row.toggle}
      aria-expanded={row.open}
      aria-controls={row.open ? row.callsId : undefined}
      aria-label={row.open ? `Hide the calls of ${number}` : `Show the ${label} of ${number}`}
      rightSection={row.open ? '▴' : '▾'}
    >
      {label}
    </Button>
  );
}

function LastDispositionCell({ row }: { row: TRowContext }) {
  const calls = row.calls;
  if (calls === undefined || calls.lastDisposition === null) return '—';
  return (
    <>
      <Text size="sm">{lastDispositionText(calls)}</Text>
      <Text size="xs" c="dimmed">
        {[calls.lastAgentId, calls.lastCallAt === null ? null : formatDateTimeMinutes(calls.lastCallAt)]
          .filter((p) => p !== null)
          .join(' · ')}
      </Text>
    </>
  );
}

// Only the short, fixed-width values keep to one line; the rest wrap, so eleven columns fit beside the menu at 1366×768.
const COLUMNS: Column[] = [
  { header: 'Cell number', cell: (l) => text(l.cell_number) },
  { header: 'Respondent', cell: (l) => text(l.respondent_name), wrap: true },
  { header: 'Data date', cell: (l) => text(l.data_date) },
  { header: 'Target selector', cell: (l) => text(l.target_selector), wrap: true },
  { header: 'BR ID', cell: (l) => text(l.br_id) },
  { header: 'Data status', cell: (l) => text(l.data_status), wrap: true },
  { header: 'Generated', cell: generatedText, wrap: true },
  // "Called" is attempted (a call ended with a disposition); "Completed" the survey finished (is_called 1).
  { header: 'Called', cell: (l, row) => <CallsCell lead={l} row={row} /> },
  { header: 'Completed', cell: completedText },
  { header: 'Last disposition', cell: (_l, row) => <LastDispositionCell row={row} />, wrap: true },
  { header: 'Answers', cell: answersText, wrap: true },
];

/** The lead's id and version as numbers (the flat lead may carry them as text). */
function numberField(value: TLead[string] | undefined): number | undefined {
  const n = typeof value === 'number' ? value : Number(value);
  return value === null || value === undefined || value === '' || !Number.isSafeInteger(n) ? undefined : n;
}

type Props = { campaign: string; onClose: () => void };

const FIRST: TKeysetNav = { kind: 'first' };

/** The page's part of the query. */
function pageQuery(nav: TKeysetNav): Pick<TLeadPageQuery, 'after' | 'before' | 'last'> {
  switch (nav.kind) {
    case 'after':
      return { after: nav.cursor };
    case 'before':
      return { before: nav.cursor };
    case 'last':
      return { last: true };
    default:
      return {};
  }
}

export function LeadBrowser({ campaign, onClose }: Props) {
  const [nav, setNav] = useState<TKeysetNav>(FIRST);
  const [size, setSize] = useState<number>(DEFAULT_SIZE);
  const [dataDate, setDataDate] = useState('');
  const [status, setStatus] = useState<TLeadStatus | ''>('');
  const [phoneInput, setPhoneInput] = useState('');
  const [phone, setPhone] = useState('');
  /** The lead whose calls are open under its row (one at a time, so the page stays short). */
  const [openLead, setOpenLead] = useState<number | null>(null);
  const section = useRef<HTMLElement>(null);
  // Browse is pressed in the list above; bring the browser into view.
  useEffect(() => {
    // a block body: Chromium's scrollIntoView may return a promise, which React would take for a cleanup
    void section.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, []);
  const applyPhone = useDebouncedCallback((value: string) => {
    setPhone(value.trim());
    setNav(FIRST);
  }, SEARCH_DEBOUNCE_MS);

  const query: TLeadPageQuery = {
    size,
    ...pageQuery(nav),
    ...(dataDate === '' ? {} : { dataDate }),
    ...(status === '' ? {} : { status }),
    ...(phone === '' ? {} : { phone }),
  };
  const dates = useQuery({ queryKey: dataDatesKey(campaign), queryFn: () => fetchDataDates(campaign), staleTime: 0 });
  const leads = useQuery({
    queryKey: leadPageKey(campaign, query),
    queryFn: () => fetchLeadPage(campaign, query),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const reply = leads.data?.response;
  const cursors = leads.data?.cursors;
  const rows = reply?.content ?? [];
  const calls = callsById(leads.data?.calls);
  const pager = keysetPagerState(nav, {
    number: reply?.number ?? 0,
    totalElements: reply?.totalElements ?? 0,
    count: rows.length,
    hasPrevious: (cursors?.previous ?? null) !== null,
    hasNext: (cursors?.next ?? null) !== null,
  });
  const filtered = dataDate !== '' || status !== '' || phone !== '';

  const changePhone = (value: string) => {
    setPhoneInput(value);
    applyPhone(value);
  };

  let body: ReactNode;
  if (leads.isPending) {
    body = <LoadingRow />;
  } else if (leads.isError) {
    body = (
      <RetryAlert
        title="The leads could not be loaded"
        message={leads.error.message}
        onRetry={() => void leads.refetch()}
      />
    );
  } else if (rows.length === 0) {
    body = (
      <Text ta="center" c="dimmed" py="lg">
        {filtered ? 'No leads match these filters' : 'This campaign has no leads yet'}
      </Text>
    );
  }

  return (
    <Paper ref={section} component="section" withBorder p="md" aria-label="Lead browser">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h3">
            Leads of {campaign}
          </Title>
          <CloseButton aria-label="Close the lead browser" onClick={onClose} />
        </Group>
        <Group align="flex-end" gap="sm">
          <NativeSelect
            label="Data date"
            w={170}
            value={dataDate}
            onChange={(event) => {
              setDataDate(event.currentTarget.value);
              setNav(FIRST);
            }}
            data={[{ value: '', label: dates.isPending ? 'Loading dates…' : 'All dates' }, ...(dates.data ?? [])]}
            error={dates.error?.message}
          />
          <NativeSelect
            label="Status"
            w={150}
            value={status}
            onChange={(event) => {
              setStatus(event.currentTarget.value as TLeadStatus | '');
              setNav(FIRST);
            }}
            data={[{ value: '', label: 'All' }, ...LEAD_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))]}
          />
          <TextInput
            label="Phone"
            placeholder="e.g. 01711-000001"
            w={220}
            value={phoneInput}
            onChange={(event) => changePhone(event.currentTarget.value)}
            rightSection={
              phoneInput === '' ? null : (
                <CloseButton
                  aria-label="Clear phone"
                  onClick={() => {
                    changePhone('');
                    applyPhone.flush();
                  }}
                />
              )
            }
          />
          <PageSizeSelect
            value={size}
            onChange={(next) => {
              setSize(next);
              setNav(FIRST);
            }}
          />
        </Group>
        {/* Small type and spacing: eleven columns fit a 1366×768 window beside the menu without scrolling sideways. */}
        <Table.ScrollContainer minWidth={1000}>
          <Table
            striped
            highlightOnHover
            withTableBorder
            verticalSpacing={6}
            horizontalSpacing={6}
            fz="sm"
            aria-label={`Leads of ${campaign}`}
            aria-busy={leads.isFetching}
          >
            <Table.Thead>
              <Table.Tr>
                {COLUMNS.map((c) => (
                  <Table.Th key={c.header}>{c.header}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody style={{ opacity: leads.isPlaceholderData ? 0.6 : 1 }}>
              {body === undefined ? (
                rows.map((lead, index) => {
                  const id = numberField(lead.id);
                  const open = id !== undefined && openLead === id;
                  const row: TRowContext = {
                    calls: id === undefined ? undefined : calls.get(id),
                    open,
                    toggle: () => setOpenLead(open || id === undefined ? null : id),
                    callsId: `lead-calls-${id ?? index}`,
                  };
                  return (
                    <Fragment key={String(lead.id ?? `${String(lead.cell_number)}:${index}`)}>
                      <Table.Tr>
                        {COLUMNS.map((c) => (
                          <Table.Td
                            key={c.header}
                            style={{ whiteSpace: c.wrap ? 'normal' : 'nowrap' }}
                            miw={c.header === 'Answers' ? 130 : undefined}
                          >
                            {c.cell(lead, row)}
                          </Table.Td>
                        ))}
                      </Table.Tr>
                      {open && id !== undefined && (
                        <Table.Tr id={row.callsId}>
                          <Table.Td colSpan={COLUMNS.length} bg="var(--mantine-color-gray-0)">
                            <LeadAttempts
                              leadId={id}
                              version={numberField(lead.version)}
                              label={`Calls of ${text(lead.cell_number)}`}
                              revealOnLoad
                            />
                          </Table.Td>
                        </Table.Tr>
                      )}
                    </Fragment>
                  );
                })
              ) : (
                <Table.Tr>
                  <Table.Td colSpan={COLUMNS.length}>{body}</Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <KeysetPager
          pager={pager}
          onFirst={() => setNav(FIRST)}
          onPrevious={() => cursors?.previous && setNav(previousNav(pager, cursors.previous))}
          onNext={() => cursors?.next && setNav(nextNav(pager, cursors.next))}
          onLast={() => setNav({ kind: 'last' })}
        />
      </Stack>
    </Paper>
  );
}
