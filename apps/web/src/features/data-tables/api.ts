// The /dt and /dynamic calls of the data-table screens, and the react-query keys that reload them.
import { ZDataTable, type TCreateDataTableRequest, type TDataTable } from '@crm/shared';
import { api } from '../../app/api.ts';
// Shared with other areas' screens (app/query-keys.ts); re-exported for this area's files.
export { DATA_TABLE_LIST_KEY } from '../../app/query-keys.ts';
export { fetchDataTablePage, searchDataTables } from '../../components/list-reads.ts';

// The campaign selector (components/CampaignSelect.tsx) reads every data table under the same keys.
export { ALL_DATA_TABLES_KEY, DATA_TABLES_KEY, fetchAllDataTables } from '../../components/campaign-options.ts';

/** A refusal (the campaign still has leads) is shown by the API client with the server's words. */
export async function deleteDataTable(id: number): Promise<void> {
  await api.del(`/dt/deleteDataTables/${id}`);
}

/**
 * Spec §4 Save: the table record (with its columns), then the "dynamic table" call with the same columns,
 * which the server answers as a no-op once they are stored. The screen shows failures itself.
 */
export async function createDataTable(body: TCreateDataTableRequest & { columns: string[] }): Promise<TDataTable> {
  await api.post('/dt/addDataTables', body, { schema: ZDataTable, notify: false });
  const query = new URLSearchParams([
    ['tableName', body.campaignName],
    ...body.columns.map((c): [string, string] => ['columns', c]),
  ]);
  return api.post(`/dynamic/create?${query.toString()}`, undefined, { schema: ZDataTable, notify: false });
}
