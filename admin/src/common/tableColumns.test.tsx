import { describe, expect, it } from 'vitest';
import { DataTable } from 'react-admin';
import { sortableSources } from './tableColumns';

describe('sortableSources', () => {
  it('lists the sortable columns in order, through arrays, fragments and conditions', () => {
    const showsCompany = false as boolean;
    const table = (
      <DataTable>
        <DataTable.Col source="thumbnailFileId" disableSort />
        <DataTable.Col source="vin" />
        {showsCompany && <DataTable.Col source="companyName" />}
        {[<DataTable.Col key="make" source="make" />, <DataTable.Col key="year" source="year" />]}
        <>
          <DataTable.Col source="status" />
          <DataTable.Col source="make" />
        </>
        <DataTable.Col label="common.actions" />
      </DataTable>
    );
    expect(sortableSources(table)).toEqual(['vin', 'make', 'year', 'status']);
  });

  it('finds none in a table without sortable columns', () => {
    expect(sortableSources(<DataTable><DataTable.Col source="id" disableSort /></DataTable>)).toEqual([]);
  });
});
