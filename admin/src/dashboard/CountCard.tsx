import type { SvgIconComponent } from '@mui/icons-material';
import { Box, Card, CardActionArea, CardContent, Skeleton, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { brandTint } from '../common/surfaces';

/**
 * One figure of the dashboard (from GET /api/dashboard). The card links to the list when the role
 * may open it. `compact` (phones, two to a row): less padding, and a label that wraps between
 * words rather than being cut.
 */
export const CountCard = ({
  testId,
  label,
  icon: Icon,
  to,
  value,
  isPending,
  failed,
  compact = false,
}: {
  testId: string;
  label: string;
  icon: SvgIconComponent;
  to?: string;
  value: number | undefined;
  isPending: boolean;
  failed: boolean;
  compact?: boolean;
}) => {
  const translate = useTranslate();
  const body = (
    <CardContent sx={{ display: 'flex', alignItems: 'center', gap: compact ? 1.25 : 2, ...(compact && { padding: 1.5, '&:last-child': { paddingBottom: 1.5 } }) }}>
      <Box sx={{ backgroundColor: brandTint, color: 'primary.main', borderRadius: 2, padding: compact ? 0.75 : 1.25, display: 'flex' }}>
        <Icon fontSize={compact ? 'small' : 'medium'} />
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" color="text.secondary" noWrap={!compact} sx={compact ? { overflowWrap: 'normal', wordBreak: 'normal' } : undefined}>
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
