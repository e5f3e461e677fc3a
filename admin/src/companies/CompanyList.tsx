import { Box, IconButton, Tooltip, Typography } from '@mui/material';
import RequestQuoteIcon from '@mui/icons-material/RequestQuoteOutlined';
import {
  DataTable,
  DeleteWithConfirmButton,
  List,
  SearchInput,
  TopToolbar,
  useTranslate,
  useNotify,
  useRecordContext,
} from 'react-admin';
import { Name, useTranslateWith } from '../common/Interpolate';
import { RequireAccess } from '../layout/RequireAccess';
import { ActiveChip, DateText, Ltr } from '../common/Fields';
import { EmptyState } from '../common/EmptyState';
import { AddCompanyButton } from './AddCompanyButton';
import { Link } from 'react-router';
import { canAccess } from '@domain/permissions';
import { useCurrentUser } from '../providers/useCurrentUser';
import { companySettingsPath } from '../companyProfile/paths';

/** SPEC.md §9: the companies list refreshes every 5 seconds. */
const REFRESH_MS = 5000;

const DeleteCompanyButton = () => {
  const record = useRecordContext();
  const translateWith = useTranslateWith();
  const notify = useNotify();
  if (!record) return null;
  return (
    <DeleteWithConfirmButton
      redirect={false}
      confirmTitle={translateWith('companies.deleteTitle', { name: <Name>{record.name}</Name> })}
      confirmContent="companies.deleteConfirm"
      confirmColor="warning"
      mutationOptions={{
        onSuccess: () => notify('companies.deleted', { type: 'success' }),
        onError: () => notify('companies.deleteFailed', { type: 'error' }),
      }}
    />
  );
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
          <TopToolbar>
            <AddCompanyButton />
          </TopToolbar>
        }
        empty={<EmptyState message="companies.empty" hint="companies.emptyHint" action={<AddCompanyButton />} />}
      >
        <DataTable bulkActionButtons={false} rowClick={false} data-testid="companies-table">
          <DataTable.Col source="name" render={(record) => <Typography variant="body2" sx={{ fontWeight: 500 }}>{record.name}</Typography>} />
          <DataTable.Col source="code" render={(record) => <Ltr>{record.code}</Ltr>} />
          <DataTable.Col source="active" render={(record) => <ActiveChip active={!!record.active} />} />
          <DataTable.Col source="createdAt" render={(record) => <DateText value={record.createdAt} />} />
          <DataTable.Col label="common.actions" disableSort align="right">
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 0.5 }}>
              <ProfileButton />
              <DeleteCompanyButton />
            </Box>
          </DataTable.Col>
        </DataTable>
      </List>
    </RequireAccess>
  );
};

export default CompanyList;
