import { Box, Button, Card, CardContent, CardHeader, Divider, List, ListItem, ListItemText, Skeleton, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { ActiveChip, Ltr } from '../common/Fields';
import type { DashboardData } from '../providers/dataProvider';

/** SPEC.md §2: the 5 most recent companies (name, code, Active or Inactive), from GET /api/dashboard. */
export const RecentCompanies = ({
  companies,
  isPending,
  showViewAll,
}: {
  companies: NonNullable<DashboardData['recentCompanies']> | undefined;
  isPending: boolean;
  showViewAll: boolean;
}) => {
  const translate = useTranslate();
  const data = companies ?? [];
  return (
    <Card data-testid="recent-companies" sx={{ height: '100%' }}>
      <CardHeader
        title={translate('dashboard.recentCompanies')}
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
        action={
          showViewAll ? (
            <Button component={Link} to="/companies" size="small">
              {translate('dashboard.viewAll')}
            </Button>
          ) : undefined
        }
      />
      <Divider />
      <CardContent sx={{ paddingBlock: 0 }}>
        {isPending ? (
          <Box sx={{ paddingBlock: 2 }}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={40} />
            ))}
          </Box>
        ) : data.length === 0 ? (
          <Typography color="text.secondary" sx={{ paddingBlock: 3, textAlign: 'center' }}>
            {translate('dashboard.noCompanies')}
          </Typography>
        ) : (
          <List disablePadding>
            {data.map((company, index) => (
              <ListItem key={company.id} divider={index < data.length - 1} disableGutters secondaryAction={<ActiveChip active={!!company.active} />}>
                <ListItemText primary={company.name} secondary={<Ltr>{company.code}</Ltr>} />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
};
