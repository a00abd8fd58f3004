// /dataTables (spec §2 Data Tables list): every campaign's data table with its columns, Create Table, and delete.
import { Link } from 'react-router';
import { Button, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { dataTableDeleteConfirmation, type TDataTable } from '@crm/shared';
import { DataList, type DataListColumn } from '../../components/DataList.tsx';
import { confirmAction } from '../../components/confirm.tsx';
import { CAMPAIGNS_KEY } from '../campaigns/api.ts';
import { formatDateTime } from './format.ts';
import { DATA_TABLE_LIST_KEY, DATA_TABLES_KEY, deleteDataTable, fetchDataTablePage, searchDataTables } from './api.ts';

const COLUMNS: DataListColumn<TDataTable>[] = [
  { key: 'name', header: 'Name' },
  { key: 'campaignName', header: 'Campaign' },
  { key: 'numberOfField', header: 'Number of fields' },
  {
    key: 'columns',
    header: 'Columns',
    width: '35%',
    render: (d) => (d.columns.length === 0 ? '—' : <Text size="sm">{d.columns.join(', ')}</Text>),
  },
  { key: 'createAt', header: 'Created', render: (d) => formatDateTime(d.createAt) },
];

export default function DataTablesPage() {
  const queryClient = useQueryClient();

  const remove = async (table: TDataTable) => {
    if (!(await confirmAction({ body: dataTableDeleteConfirmation(table.name) }))) return;
    try {
      await deleteDataTable(table.id);
    } catch {
      return; // the API client has shown the server's reason (the campaign still has leads)
    }
    notifications.show({ color: 'green', message: `Data table "${table.name}" deleted.` });
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: DATA_TABLES_KEY }),
      queryClient.invalidateQueries({ queryKey: CAMPAIGNS_KEY }),
    ]);
  };

  return (
    <Stack gap="lg">
      <Title order={1}>Data Tables</Title>
      <DataList
        label="Table List"
        queryKey={DATA_TABLE_LIST_KEY}
        columns={COLUMNS}
        fetchPage={fetchDataTablePage}
        search={searchDataTables}
        rowKey={(d) => d.id}
        minWidth={900}
        toolbar={
          <Button component={Link} to="/createTable">
            Create Table
          </Button>
        }
        actions={(d) => (
          <Button size="compact-sm" color="red" variant="subtle" aria-label={`Delete ${d.name}`} onClick={() => void remove(d)}>
            Delete
          </Button>
        )}
      />
    </Stack>
  );
}
