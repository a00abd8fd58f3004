// A username box that suggests the admin and QC accounts (GET /api/users, admins only), each with its person's name:
// the audit log's actor filter and the QC record lists' inspector filter. Typing any username works too.
import { Autocomplete, Text, type AutocompleteProps } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE, ZUser, zPaged, type TUser } from '@crm/shared';
import { api } from '../app/api.ts';

export const ACCOUNTS_KEY = ['accounts', 'suggestions'] as const;

/** The admin and QC accounts by username. */
export async function fetchAccounts(): Promise<TUser[]> {
  const reply = await api.get('/api/users', {
    query: { page: 0, size: MAX_PAGE_SIZE },
    schema: zPaged(ZUser),
    notify: false,
  });
  return [...reply.response.content].sort((a, b) => a.username.localeCompare(b.username));
}

type Props = Omit<AutocompleteProps, 'data' | 'renderOption' | 'description'> & {
  /** Shown under the box when the suggestions could not be loaded (the box still takes a typed username). */
  unavailable?: (reason: string) => string;
};

export function AccountAutocomplete({ unavailable, ...props }: Props) {
  const accounts = useQuery({ queryKey: ACCOUNTS_KEY, queryFn: fetchAccounts, staleTime: 60_000 });
  const names = new Map((accounts.data ?? []).map((a) => [a.username, a.name]));
  return (
    <Autocomplete
      {...props}
      data={[...names.keys()]}
      description={accounts.isError && unavailable !== undefined ? unavailable(accounts.error.message) : undefined}
      renderOption={({ option }) => (
        <div>
          <Text size="sm">{option.value}</Text>
          <Text size="xs" c="dimmed">
            {names.get(option.value)}
          </Text>
        </div>
      )}
    />
  );
}
