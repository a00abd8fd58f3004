// The pager row under every list ("Showing X to Y of Z entries", First, Previous, page numbers, Next, Last, and a
// page number to type), its keyset twin for the lists paged by key (First, Previous, Next, Last: no page numbers),
// and the page-size choice.
import { useState, type ReactNode } from 'react';
import { Button, Group, NativeSelect, Text, TextInput } from '@mantine/core';
import { PAGE_SIZES } from '@crm/shared';
import { keysetShowingText, pageFromInput, showingText, type TKeysetPager, type TPager } from './pager.ts';

type Props = { pager: TPager; onPage: (page: number) => void };

/** "Page [n] of N": Enter or leaving the box goes there; a number past the end goes to the last page. */
function PageNumberInput({ pager, onPage }: Props) {
  const shown = String(pager.page + 1);
  const [typed, setTyped] = useState(shown);
  const [current, setCurrent] = useState(shown);
  // The page changed under the box (a button, a new filter): show the page the list is on.
  if (current !== shown) {
    setCurrent(shown);
    setTyped(shown);
  }
  const go = () => {
    const page = pageFromInput(typed, pager.pageCount);
    if (page === null || page === pager.page) {
      setTyped(shown);
      return;
    }
    setTyped(String(page + 1));
    onPage(page);
  };
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" c="dimmed" aria-hidden>
        Page
      </Text>
      <TextInput
        size="xs"
        w={64}
        inputMode="numeric"
        aria-label={`Page number, 1 to ${pager.pageCount}`}
        value={typed}
        onChange={(event) => setTyped(event.currentTarget.value)}
        onBlur={go}
        onKeyDown={(event) => {
          if (event.key === 'Enter') go();
          if (event.key === 'Escape') setTyped(shown);
        }}
      />
      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {`of ${pager.pageCount}`}
      </Text>
    </Group>
  );
}

export function Pager({ pager, onPage }: Props) {
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="dimmed" aria-live="polite">
        {showingText(pager)}
      </Text>
      <Group gap="md">
        <Group gap={4} component="nav" aria-label="Pagination">
          <Button
            variant="default"
            size="xs"
            disabled={pager.isFirst}
            aria-label="First page"
            onClick={() => onPage(0)}
          >
            First
          </Button>
          <Button variant="default" size="xs" disabled={pager.isFirst} onClick={() => onPage(pager.page - 1)}>
            Previous
          </Button>
          {pager.pages.map((index) => {
            const current = index === pager.page;
            return (
              <Button
                key={index}
                size="xs"
                miw={32}
                px={8}
                variant={current ? 'filled' : 'default'}
                aria-current={current ? 'page' : undefined}
                onClick={() => onPage(index)}
              >
                {index + 1}
              </Button>
            );
          })}
          <Button variant="default" size="xs" disabled={pager.isLast} onClick={() => onPage(pager.page + 1)}>
            Next
          </Button>
          <Button
            variant="default"
            size="xs"
            disabled={pager.isLast}
            aria-label="Last page"
            onClick={() => onPage(pager.pageCount - 1)}
          >
            Last
          </Button>
        </Group>
        {pager.pageCount > 1 && <PageNumberInput pager={pager} onPage={onPage} />}
      </Group>
    </Group>
  );
}

type KeysetProps = {
  pager: TKeysetPager;
  onFirst: () => void;
  onPrevious: () => void;
  onNext: () => void;
  onLast: () => void;
  children?: ReactNode;
};

/**
 * The pager of a list paged by key (docs/api.md "Pages"): First, Previous, Next and Last, each one page read by its
 * cursor, so the last of thousands of pages comes as fast as the first. The same labels as the numbered pager;
 * `children` (e.g. a date to go to) sit before the buttons.
 */
export function KeysetPager({ pager, onFirst, onPrevious, onNext, onLast, children }: KeysetProps) {
  return (
    <Group justify="space-between" gap="sm" align="flex-end">
      <Text size="sm" c="dimmed" aria-live="polite">
        {keysetShowingText(pager)}
      </Text>
      <Group gap="md" align="flex-end">
        {children}
        <Group gap={4} component="nav" aria-label="Pagination">
          <Button variant="default" size="xs" disabled={!pager.hasPrevious} aria-label="First page" onClick={onFirst}>
            First
          </Button>
          <Button variant="default" size="xs" disabled={!pager.hasPrevious} onClick={onPrevious}>
            Previous
          </Button>
          <Button variant="default" size="xs" disabled={!pager.hasNext} onClick={onNext}>
            Next
          </Button>
          <Button variant="default" size="xs" disabled={!pager.hasNext} aria-label="Last page" onClick={onLast}>
            Last
          </Button>
        </Group>
      </Group>
    </Group>
  );
}

/** "Show entries": the page sizes of docs/product.md §2 Lists; a new size goes back to the first page (the caller's onChange). */
export function PageSizeSelect({ value, onChange }: { value: number; onChange: (size: number) => void }) {
  return (
    <NativeSelect
      label="Show entries"
      w={120}
      value={String(value)}
      data={PAGE_SIZES.map(String)}
      onChange={(event) => onChange(Number(event.currentTarget.value))}
    />
  );
}
