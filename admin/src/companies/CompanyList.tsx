import { Box, IconButton, Tooltip, Typography } from '@mui/material';
import RequestQuoteIcon from '@mui/icons-material/RequestQuoteOutlined';
import { DataTable, List, SearchInput, useTranslate, useRecordContext } from 'react-admin';
import { DeleteRecordButton, type DeleteMessages } from '../common/DeleteRecordButton';
import { RequireAccess } from '../common/RequireAccess';
import { ActiveChip, DateText, Ltr } from '../common/Fields';
import { EmptyState } from '../common/EmptyState';
import { AddCompanyButton } from './AddCompanyButton';
import { RenameCompanyButton } from './RenameCompanyButton';
import { ActiveToggleButton, type ActiveToggleMessages } from '../common/ActiveToggleButton';
import { Link } from 'react-router';
import { canAccess } from '@domain/permissions';
import { useCurrentUser } from '../providers/useCurrentUser';
import { companySettingsPath } from '../companyProfile/paths';
import { ResponsiveList } from '../common/ResponsiveList';
import { CompanyCard } from './CompanyCard';
import { Isolated } from '../common/Bidi';
import { ListActionsToolbar } from '../common/ListActionsToolbar';

/** SPEC.md §9: the companies list refreshes every 5 seconds. */
const REFRESH_MS = 5000;

const DELETE_MESSAGES: DeleteMessages = {
  title: 'companies.deleteTitle',
  titleParam: 'name',
  content: 'companies.deleteConfirm',
  success: 'companies.deleted',
  failure: 'companies.deleteFailed',
};

const STATUS_MESSAGES: ActiveToggleMessages = {
  deactivate: 'companies.deactivate',
  deactivateTitle: 'companies.deactivateTitle',
  deactivateConfirm: 'companies.deactivateConfirm',
  deactivated: 'companies.deactivated',
  reactivate: 'companies.reactivate',
  reactivateTitle: 'companies.reactivateTitle',
  reactivateConfirm: 'companies.reactivateConfirm',
  reactivated: 'companies.reactivated',
  failure: 'companies.statusFailed',
  titleParam: 'name',
};

/** Opens the company's settings page: its invoice profile and logo. */
const ProfileButton = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const { user } = useCurrentUser();
  if (!record || !canAccess(user?.role, { resource: 'companyProfile', action: 'update' })) return null;
  return (
    <Tooltip title={translate('companyProfile.open')}>
      <IconButton
        component={Link}
        to={companySettingsPath(record.id)}
        size="small"
        color="primary"
        aria-label={translate('companyProfile.openLabel', { name: record.name })}
        data-testid="company-profile-button"
      >
        <RequestQuoteIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
};

/** A row's (and a card's) actions: rename, activate or deactivate, invoice profile, delete. */
const CompanyActions = () => (
  <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
    <RenameCompanyButton />
    <ActiveToggleButton name={(record) => record.name} messages={STATUS_MESSAGES} />
    <ProfileButton />
    <DeleteRecordButton name={(record) => record.name} messages={DELETE_MESSAGES} iconOnly={false} serverReason={false} />
  </Box>
);

const CompanyList = () => {
  const translate = useTranslate();
  const filters = [<SearchInput key="q" source="q" alwaysOn placeholder={translate('companies.searchHint')} />];
  return (
    <RequireAccess resource="companies">
      <List
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={25}
        filters={filters}
        exporter={false}
        queryOptions={{ refetchInterval: REFRESH_MS }}
        actions={
          <ListActionsToolbar>
            <AddCompanyButton />
          </ListActionsToolbar>
        }
        empty={<EmptyState message="companies.empty" hint="companies.emptyHint" action={<AddCompanyButton />} />}
      >
        <ResponsiveList
          testId="companies-table"
          card={(record) => <CompanyCard record={record} actions={<CompanyActions />} />}
          table={
            <DataTable bulkActionButtons={false} rowClick={false} data-testid="companies-table">
              <DataTable.Col source="name" render={(record) => <Typography variant="body2" sx={{ fontWeight: 500 }}><Isolated>{record.name}</Isolated></Typography>} />
              <DataTable.Col source="code" render={(record) => <Ltr>{record.code}</Ltr>} />
              <DataTable.Col source="active" render={(record) => <ActiveChip active={!!record.active} />} />
              <DataTable.Col source="createdAt" render={(record) => <DateText value={record.createdAt} />} />
              <DataTable.Col label="common.actions" disableSort align="right">
                <CompanyActions />
              </DataTable.Col>
            </DataTable>
          }
        />
      </List>
    </RequireAccess>
  );
};

export default CompanyList;
