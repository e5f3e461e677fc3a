import { Box, Typography } from '@mui/material';
import {
  AutocompleteInput, DataTable, List, ReferenceInput, SelectInput, TextInput, TopToolbar, useLocale, useTranslate,
} from 'react-admin';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '@domain/auditEvents';
import { RequireAccess } from '../common/RequireAccess';
import { SheetExportButton } from '../common/SheetExportButton';
import { EmptyState } from '../common/EmptyState';
import { Name } from '../common/Interpolate';
import { Ltr } from '../common/Fields';
import { formatDateTime } from '../common/dates';
import { EventChanges } from './EventChanges';
import { ActionChip, EventRecord } from './eventText';

/** Filters: what kind of record, what was done, by whom, and between which days. */
function useFilters() {
  const translate = useTranslate();
  return [
    <SelectInput
      key="entity"
      source="entity"
      label="activity.filters.entity"
      alwaysOn
      choices={AUDIT_ENTITIES.map((id) => ({ id, name: translate(`activity.entities.${id}`) }))}
      sx={{ minWidth: 160 }}
    />,
    <SelectInput
      key="action"
      source="action"
      label="activity.filters.action"
      alwaysOn
      choices={AUDIT_ACTIONS.map((id) => ({ id, name: translate(`activity.actions.${id}`) }))}
      sx={{ minWidth: 160 }}
    />,
    <ReferenceInput key="userId" source="userId" reference="users" sort={{ field: 'username', order: 'ASC' }} alwaysOn>
      <AutocompleteInput label="activity.filters.user" optionText="username" filterToQuery={(q: string) => ({ q })} sx={{ minWidth: 220 }} />
    </ReferenceInput>,
    <TextInput key="from" source="createdAt_gte" label="activity.filters.from" type="date" alwaysOn slotProps={{ inputLabel: { shrink: true } }} />,
    <TextInput key="to" source="createdAt_lte" label="activity.filters.to" type="date" alwaysOn slotProps={{ inputLabel: { shrink: true } }} />,
  ];
}

/** /audit-log: every event the signed-in admin may read (its company's, or all), newest first. */
const ActivityList = () => {
  const translate = useTranslate();
  const locale = useLocale();
  return (
    <RequireAccess resource="audit-log">
      <List
        resource="audit-log"
        title="nav.activity"
        sort={{ field: 'id', order: 'DESC' }}
        perPage={25}
        filters={useFilters()}
        exporter={false}
        actions={<TopToolbar><SheetExportButton resource="audit-log" /></TopToolbar>}
        empty={<EmptyState message="activity.empty" />}
      >
        <DataTable bulkActionButtons={false} rowClick={false} data-testid="activity-table" sx={{ '& .MuiTableCell-root': { paddingInline: 1, verticalAlign: 'top' } }}>
          <DataTable.Col source="id" label="activity.fields.when" cellSx={() => ({ whiteSpace: 'nowrap' })} render={(record) => formatDateTime(record.createdAt, locale)} />
          <DataTable.Col
            source="username"
            label="activity.fields.user"
            disableSort
            render={(record) => (
              <Box>
                <Name>{record.username ?? translate('activity.noUser')}</Name>
                {record.role && (
                  <Typography variant="caption" component="div" color="text.secondary">
                    {translate(`roles.${record.role}`)}
                  </Typography>
                )}
              </Box>
            )}
          />
          <DataTable.Col source="action" label="activity.fields.action" disableSort render={(record) => <ActionChip action={record.action} />} />
          <DataTable.Col source="entity" label="activity.fields.record" disableSort cellSx={() => ({ whiteSpace: 'nowrap' })} render={(record) => <EventRecord entity={record.entity} entityId={record.entityId} />} />
          <DataTable.Col source="changes" label="activity.fields.changes" disableSort render={(record) => <EventChanges entity={record.entity} changes={record.changes} />} />
          <DataTable.Col source="ip" label="activity.fields.ip" disableSort render={(record) => (record.ip ? <Ltr>{record.ip}</Ltr> : '—')} />
        </DataTable>
      </List>
    </RequireAccess>
  );
};

export default ActivityList;
