import type { SvgIconComponent } from '@mui/icons-material';
import { Box, Card, CardActionArea, CardContent, Skeleton, Typography } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { Link } from 'react-router';

/**
 * The number of rows of a resource: a list call for one row, reading `total` from Content-Range.
 * The card links to the list when the role may open it.
 */
export const CountCard = ({ resource, label, icon: Icon, to }: { resource: string; label: string; icon: SvgIconComponent; to?: string }) => {
  const translate = useTranslate();
  const { total, isPending, error } = useGetList(resource, { pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'ASC' } });
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
        ) : error ? (
          <Typography variant="body2" color="error">
            {translate('dashboard.countFailed')}
          </Typography>
        ) : (
          <Typography variant="h5" component="p" sx={{ fontWeight: 700 }} data-testid={`count-${resource}`}>
            {(total ?? 0).toLocaleString('en-US')}
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
