// The pager row under a list: "Showing X to Y of Z entries", Previous, page numbers, Next.
import { Button, Group, Text } from '@mantine/core';
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
