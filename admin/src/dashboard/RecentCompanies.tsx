import { ListItemText } from '@mui/material';
import { ActiveChip, Ltr } from '../common/Fields';
import type { DashboardData } from './api';
import { RecentCard } from './RecentCard';
import { Isolated } from '../common/Bidi';

/** SPEC.md §2: the 5 most recent companies (name, code, Active or Inactive), from GET /api/dashboard. */
export const RecentCompanies = ({
  companies,
  isPending,
  showViewAll,
}: {
  companies: NonNullable<DashboardData['recentCompanies']> | undefined;
  isPending: boolean;
  showViewAll: boolean;
}) => (
  <RecentCard
    testId="recent-companies"
    title="dashboard.recentCompanies"
    viewAllTo={showViewAll ? '/companies' : undefined}
    emptyText="dashboard.noCompanies"
    items={companies}
    isPending={isPending}
    renderBadge={(company) => <ActiveChip active={!!company.active} />}
    renderText={(company) => <ListItemText primary={<Isolated>{company.name}</Isolated>} secondary={<Ltr>{company.code}</Ltr>} />}
  />
);
