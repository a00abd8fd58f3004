// The one delete-row flow of the lists: "Are you sure?" → delete → a green notice → the lists reload.
import type { ReactNode } from 'react';
import { notifications } from '@mantine/notifications';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { confirmAction } from './confirm.tsx';

export type TDeleteRow<T, R> = {
  /** What the dialog asks. It may read something first (how many logic rules go too); a failed read stops there. */
  confirmBody: (row: T) => ReactNode | Promise<ReactNode>;
  /** The API call; a refusal is shown by the API client with the server's words, and the row stays. */
  remove: (row: T) => Promise<R>;
  /** The green notice once the row is gone. */
  notice: (row: T, result: R) => string | { title: string; message: string };
  /** The query keys to reload: the list, and whatever else showed the row. */
  reload: readonly QueryKey[];
};

/** Returns the row's delete: resolves true when the row was deleted, false when it was kept (Close, or refused). */
export function useDeleteRow<T, R = void>({
  confirmBody,
  remove,
  notice,
  reload,
}: TDeleteRow<T, R>): (row: T) => Promise<boolean> {
  const queryClient = useQueryClient();
  return async (row) => {
    let result: R;
    try {
      if (!(await confirmAction({ body: await confirmBody(row) }))) return false;
      result = await remove(row);
    } catch {
      return false; // the API client has shown why
    }
    const said = notice(row, result);
    notifications.show({ color: 'green', ...(typeof said === 'string' ? { message: said } : said) });
    await Promise.all(reload.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    return true;
  };
}
