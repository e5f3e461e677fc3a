import { Button, Card, CardContent, Skeleton, Typography } from '@mui/material';
import AssignmentLateIcon from '@mui/icons-material/AssignmentLate';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router';

/** The vehicle list filtered to the vehicles with an overdue document (the API's `documentsOverdue` filter). */
export const OVERDUE_VEHICLES_PATH = `/vehicles?filter=${encodeURIComponent(JSON.stringify({ documentsOverdue: true }))}`;

/** How many vehicles have a document past due, linked to the list of them. */
export const OverdueDocumentsCard = ({ count, isPending }: { count: number | undefined; isPending: boolean }) => {
  const translate = useTranslate();
  const alarming = !!count;
  return (
    <Card data-testid="overdue-documents" sx={{ borderInlineStart: '4px solid', borderColor: alarming ? 'error.main' : 'divider' }}>
      <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <AssignmentLateIcon color={alarming ? 'error' : 'disabled'} fontSize="large" />
        <div style={{ flex: 1, minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary">
            {translate('dashboard.documentsOverdue')}
          </Typography>
          <Typography variant="h4" component="p" data-testid="overdue-count" sx={{ fontWeight: 700 }}>
            {isPending ? <Skeleton width={40} /> : (count ?? 0).toLocaleString('en-US')}
          </Typography>
        </div>
        <Button component={Link} to={OVERDUE_VEHICLES_PATH} size="small" data-testid="overdue-link">
          {translate('dashboard.showOverdue')}
        </Button>
      </CardContent>
    </Card>
  );
};
