import type { ReactNode } from 'react';
import { Box, Button, Card, CardContent, CardHeader, Divider, List, ListItem, Skeleton, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router';

type Item = { id: number | string };

/**
 * A dashboard card listing the most recent records: a title, an optional "View all" link, a
 * loading skeleton, an empty-state text, then one row per item with its badge at the end.
 */
export function RecentCard<T extends Item>({
  testId,
  title,
  viewAllTo,
  emptyText,
  items,
  isPending,
  renderText,
  renderBadge,
}: {
  testId: string;
  title: string;
  viewAllTo?: string;
  emptyText: string;
  items: T[] | undefined;
  isPending: boolean;
  renderText: (item: T) => ReactNode;
  renderBadge: (item: T) => ReactNode;
}) {
  const translate = useTranslate();
  const data = items ?? [];
  return (
    <Card data-testid={testId} sx={{ height: '100%' }}>
      <CardHeader
        title={translate(title)}
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
        action={
          viewAllTo ? (
            <Button component={Link} to={viewAllTo} size="small">
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
            {translate(emptyText)}
          </Typography>
        ) : (
          <List disablePadding>
            {data.map((item, index) => (
              <ListItem key={item.id} divider={index < data.length - 1} disableGutters secondaryAction={renderBadge(item)}>
                {renderText(item)}
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
