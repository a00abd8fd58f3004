// /dataTables (docs/product.md §2 Data Tables list): every campaign's data table with its columns, Create Table, and delete.
import { Link } from 'react-router';
import { Button, Stack, Text, Title } from '@mantine/core';
import { dataTableDeleteConfirmation, type TDataTable } from '@crm/shared';
import { CAMPAIGNS_KEY } from '../../components/campaign-options.ts';
import { DataList, type DataListColumn } from '../../components/DataList.tsx';
import { useDeleteRow } from '../../components/use-delete-row.ts';
import { formatDateTime } from '../../app/time-zone.ts';
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
  // A refusal (the campaign still has leads) is shown with the server's reason.
  const remove = useDeleteRow<TDataTable>({
    confirmBody: (d) => dataTableDeleteConfirmation(d.name),
    remove: (d) => deleteDataTable(d.id),
    notice: (d) => `Data table "${d.name}" deleted.`,
    reload: [DATA_TABLES_KEY, CAMPAIGNS_KEY],
  });

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
          <Button
            size="compact-sm"
            color="red"
            variant="subtle"
            aria-label={`Delete ${d.name}`}
            onClick={() => void remove(d)}
          >
            Delete
          </Button>
        )}
      />
    </Stack>
  );
}
