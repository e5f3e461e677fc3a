import { Box, Typography } from '@mui/material';
import type { RaRecord } from 'react-admin';
import {
  AutocompleteInput, DataTable, List, ReferenceInput, SelectInput, TopToolbar, useLocale, useTranslate,
} from 'react-admin';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '@domain/auditEvents';
import { RequireAccess } from '../common/RequireAccess';
import { SheetExportButton } from '../common/SheetExportButton';
import { EmptyState } from '../common/EmptyState';
import { Name } from '../common/Interpolate';
import { Ltr } from '../common/Fields';
import { ListCard } from '../common/ListCard';
import { ResponsiveList } from '../common/ResponsiveList';
import { formatDateTime } from '../common/dates';
import { DatePickerInput } from '../common/DatePickerInput';
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
    // The console's date picker, in the page's language (the browser's own date input showed its
    // locale's order, mm/dd/yyyy in an English browser, whatever the console's language).
    <DatePickerInput key="from" source="createdAt_gte" label="activity.filters.from" alwaysOn data-testid="activity-from" />,
    <DatePickerInput key="to" source="createdAt_lte" label="activity.filters.to" alwaysOn data-testid="activity-to" />,
  ];
}

/** Who acted, with the role they had then. */
const EventUser = ({ username, role }: { username?: string | null; role?: string | null }) => {
  const translate = useTranslate();
  return (
    <Box>
      <Name>{username ?? translate('activity.noUser')}</Name>
      {role && (
        <Typography variant="caption" component="div" color="text.secondary">
          {translate(`roles.${role}`)}
        </Typography>
      )}
    </Box>
  );
};

/** One event as a phone card: the record and what was done to it, then when, who, what changed and from where. */
const EventCard = ({ record }: { record: RaRecord }) => {
  const locale = useLocale();
  return (
    <ListCard
      title={<EventRecord entity={record.entity} entityId={record.entityId} />}
      badge={<ActionChip action={record.action} />}
      facts={[
        { name: 'createdAt', label: 'activity.fields.when', value: formatDateTime(record.createdAt, locale) },
        { name: 'user', label: 'activity.fields.user', value: <EventUser username={record.username} role={record.role} /> },
        ...(record.changes ? [{ name: 'changes', label: 'activity.fields.changes', value: <EventChanges entity={record.entity} changes={record.changes} /> }] : []),
        ...(record.ip ? [{ name: 'ip', label: 'activity.fields.ip', value: <Ltr>{record.ip}</Ltr> }] : []),
      ]}
    />
  );
};

/** /audit-log: every event the signed-in admin may read (its company's, or all), newest first; cards on a phone. */
const ActivityList = () => {
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
        <ResponsiveList
          testId="activity-table"
          card={(record) => <EventCard record={record} />}
          table={
            <DataTable bulkActionButtons={false} rowClick={false} data-testid="activity-table" sx={{ '& .MuiTableCell-root': { paddingInline: 1, verticalAlign: 'top' } }}>
              <DataTable.Col source="id" label="activity.fields.when" cellSx={() => ({ whiteSpace: 'nowrap' })} render={(record) => formatDateTime(record.createdAt, locale)} />
              <DataTable.Col source="username" label="activity.fields.user" disableSort render={(record) => <EventUser username={record.username} role={record.role} />} />
              <DataTable.Col source="action" label="activity.fields.action" disableSort render={(record) => <ActionChip action={record.action} />} />
              <DataTable.Col source="entity" label="activity.fields.record" disableSort cellSx={() => ({ whiteSpace: 'nowrap' })} render={(record) => <EventRecord entity={record.entity} entityId={record.entityId} />} />
              <DataTable.Col source="changes" label="activity.fields.changes" disableSort render={(record) => <EventChanges entity={record.entity} changes={record.changes} />} />
              <DataTable.Col source="ip" label="activity.fields.ip" disableSort render={(record) => (record.ip ? <Ltr>{record.ip}</Ltr> : '—')} />
            </DataTable>
          }
        />
      </List>
    </RequireAccess>
  );
};

export default ActivityList;
