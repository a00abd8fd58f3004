// DataList against a fake fetchPage/search (function props): paging (First, Last, a typed page), page sizes, search,
// empty and error states.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TPaged } from '@crm/shared';
import { ApiError } from '../app/api.ts';
import { renderWithApp } from '../test/render.tsx';
import { DataList, type DataListColumn } from './DataList.tsx';

type TItem = { id: number; name: string; active: boolean };

const ITEMS: TItem[] = Array.from({ length: 25 }, (_, i) => ({
  id: i + 1,
  name: `Item ${i + 1}`,
  active: i % 2 === 0,
}));

function paged(items: TItem[], page: number, size: number): TPaged<TItem> {
  const content = items.slice(page * size, page * size + size);
  return {
    recordCount: items.length,
    response: { content, totalElements: items.length, totalPages: Math.ceil(items.length / size), size, number: page },
  };
}

const COLUMNS: DataListColumn<TItem>[] = [
  { key: 'name', header: 'Name' },
  { key: 'status', header: 'Status', render: (row) => (row.active ? 'Active' : 'Inactive') },
];

function setup(items: TItem[] = ITEMS) {
  const calls: [number, number][] = [];
  const fetchPage = vi.fn(async (page: number, size: number) => {
    calls.push([page, size]);
    return paged(items, page, size);
  });
  const search = vi.fn(async (term: string) => items.filter((item) => item.name.includes(term)));
  renderWithApp(
    <DataList
      queryKey={['items']}
      columns={COLUMNS}
      fetchPage={fetchPage}
      search={search}
      rowKey={(row) => row.id}
      label="Items"
    />,
  );
  return { calls, fetchPage, search };
}

const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });
const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Items' }))
    .getAllByRole('row')
    .slice(1);

describe('DataList', () => {
  it('shows the first page of 10 with its range, Previous off and Next on', async () => {
    const { calls } = setup();
    expect(await screen.findByText('Item 1')).toBeTruthy();
    expect(calls).toEqual([[0, 10]]);
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getAllByText('Inactive')).toHaveLength(5);
    expect(screen.getByText('Showing 1 to 10 of 25 entries')).toBeTruthy();
    expect(button('Previous').disabled).toBe(true);
    expect(button('Next').disabled).toBe(false);
  });

  it('changing Show entries to 25 reloads page 0 with size 25', async () => {
    const { calls } = setup();
    await screen.findByText('Item 1');
    fireEvent.change(screen.getByLabelText('Show entries'), { target: { value: '25' } });
    await screen.findByText('Item 25');
    expect(calls.at(-1)).toEqual([0, 25]);
    expect(screen.getByText('Showing 1 to 25 of 25 entries')).toBeTruthy();
    expect(button('Next').disabled).toBe(true);
  });

  it('Next fetches page 1, and Next is off on the last page', async () => {
    const { calls } = setup();
    await screen.findByText('Item 1');
    fireEvent.click(button('Next'));
    await screen.findByText('Item 11');
    expect(calls.at(-1)).toEqual([1, 10]);
    expect(button('Previous').disabled).toBe(false);

    fireEvent.click(button('3'));
    await screen.findByText('Item 21');
    expect(calls.at(-1)).toEqual([2, 10]);
    expect(screen.getByText('Showing 21 to 25 of 25 entries')).toBeTruthy();
    expect(button('Next').disabled).toBe(true);
    expect(button('3').getAttribute('aria-current')).toBe('page');
  });

  it('First and Last jump to either end; a typed page number goes there, past the end to the last page', async () => {
    const { calls } = setup();
    await screen.findByText('Item 1');
    expect(button('First page').disabled).toBe(true);
    fireEvent.click(button('Last page'));
    await screen.findByText('Item 21');
    expect(calls.at(-1)).toEqual([2, 10]);
    expect(button('Last page').disabled).toBe(true);
    const pageBox = screen.getByRole<HTMLInputElement>('textbox', { name: 'Page number, 1 to 3' });
    expect(pageBox.value).toBe('3');

    fireEvent.click(button('First page'));
    await screen.findByText('Item 1');
    expect(calls.at(-1)).toEqual([0, 10]);
    await waitFor(() => expect(pageBox.value).toBe('1'));

    fireEvent.change(pageBox, { target: { value: '2' } });
    fireEvent.keyDown(pageBox, { key: 'Enter' });
    await screen.findByText('Item 11');
    expect(calls.at(-1)).toEqual([1, 10]);

    fireEvent.change(pageBox, { target: { value: '99' } });
    fireEvent.blur(pageBox);
    await screen.findByText('Item 21');
    expect(pageBox.value).toBe('3');

    fireEvent.change(pageBox, { target: { value: 'x' } });
    fireEvent.keyDown(pageBox, { key: 'Enter' });
    expect(pageBox.value).toBe('3');
    expect(calls.at(-1)).toEqual([2, 10]);
  });

  it('a search term calls search after a pause; clearing it reloads the paged list', async () => {
    const { search, fetchPage } = setup();
    await screen.findByText('Item 1');
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: '  Item 2 ' } });
    await waitFor(() => expect(search).toHaveBeenCalledWith('Item 2'));
    await waitFor(() => expect(screen.getByText('Showing 1 to 7 of 7 entries')).toBeTruthy());
    expect(screen.queryByText('Item 1')).toBeNull();

    const pagedCalls = fetchPage.mock.calls.length;
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: '   ' } });
    await waitFor(() => expect(fetchPage.mock.calls.length).toBe(pagedCalls + 1));
    expect(fetchPage.mock.calls.at(-1)).toEqual([0, 10]);
    expect(await screen.findByText('Item 1')).toBeTruthy();
    expect(search).toHaveBeenCalledTimes(1);
  });

  it('says so when there are no records', async () => {
    setup([]);
    expect(await screen.findByText('No records found')).toBeTruthy();
    expect(screen.getByText('Showing 0 to 0 of 0 entries')).toBeTruthy();
    expect(button('Next').disabled).toBe(true);
  });

  it('shows the server message and retries on Retry', async () => {
    const fetchPage = vi
      .fn<(page: number, size: number) => Promise<TPaged<TItem>>>()
      .mockRejectedValueOnce(new ApiError(500, 'The database is unavailable.'))
      .mockImplementation(async (page, size) => paged(ITEMS, page, size));
    renderWithApp(<DataList queryKey={['failing']} columns={COLUMNS} fetchPage={fetchPage} rowKey={(row) => row.id} />);
    expect(await screen.findByText('The database is unavailable.')).toBeTruthy();
    fireEvent.click(button('Retry'));
    expect(await screen.findByText('Item 1')).toBeTruthy();
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });
});
