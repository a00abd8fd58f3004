// The pager row under a list ("Showing X to Y of Z entries", Previous, page numbers, Next) and its page-size choice.
import { Button, Group, NativeSelect, Text } from '@mantine/core';
import { PAGE_SIZES } from '@crm/shared';
import { showingText, type TPager } from './pager.ts';

type Props = { pager: TPager; onPage: (page: number) => void };

export function Pager({ pager, onPage }: Props) {
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="dimmed" aria-live="polite">
        {showingText(pager)}
      </Text>
      <Group gap={4} component="nav" aria-label="Pagination">
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
      </Group>
    </Group>
  );
}

/** "Show entries": the page sizes of spec §2 Lists; a new size goes back to the first page (the caller's onChange). */
export function PageSizeSelect({ value, onChange }: { value: number; onChange: (size: number) => void }) {
  return <NativeSelect label="Show entries" w={120} value={String(value)} data={PAGE_SIZES.map(String)} onChange={(event) => onChange(Number(event.currentTarget.value))} />;
}
