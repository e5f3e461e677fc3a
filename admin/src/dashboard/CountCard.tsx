import type { SvgIconComponent } from '@mui/icons-material';
import { Box, Card, CardActionArea, CardContent, Skeleton, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router';

/**
 * One figure of the dashboard (from GET /api/dashboard). The card links to the list when the role
 * may open it.
 */
export const CountCard = ({
  testId,
  label,
  icon: Icon,
  to,
  value,
  isPending,
  failed,
}: {
  testId: string;
  label: string;
  icon: SvgIconComponent;
  to?: string;
  value: number | undefined;
  isPending: boolean;
  failed: boolean;
}) => {
  const translate = useTranslate();
  const body = (
    <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
      <Box sx={{ backgroundColor: 'rgba(31, 78, 121, 0.1)', color: 'primary.main', borderRadius: 2, padding: 1.25, display: 'flex' }}>
        <Icon />
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" color="text.secondary" noWrap>
          {translate(label)}
        </Typography>
        {isPending ? (
          <Skeleton width={48} height={36} />
        ) : failed ? (
          <Typography variant="body2" color="error">
            {translate('dashboard.countFailed')}
          </Typography>
        ) : (
          <Typography variant="h5" component="p" sx={{ fontWeight: 700 }} data-testid={`count-${testId}`}>
            {(value ?? 0).toLocaleString('en-US')}
          </Typography>
        )}
      </Box>
    </CardContent>
  );
  return (
    <Card sx={{ height: '100%' }}>
      {to ? (
        <CardActionArea component={Link} to={to} sx={{ height: '100%' }}>
          {body}
        </CardActionArea>
      ) : (
        body
      )}
    </Card>
  );
};
