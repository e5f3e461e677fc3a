import { useState } from 'react';
import { Badge, Box } from '@mui/material';
import DirectionsCarIcon from '@mui/icons-material/DirectionsCarOutlined';
import PhotoIcon from '@mui/icons-material/PhotoLibraryOutlined';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { fileUrl } from './api';
import { placeholderSurface } from '../common/surfaces';

const SIZE = { width: 44, height: 33 } as const;

/**
 * The first image of a vehicle in the list (its `thumbnailFileId`), linking to the vehicle; a car
 * icon when it has none. The number of images shows as a badge when there are several.
 */
export const VehicleThumbnail = ({ record, to }: { record: Record<string, any>; to?: string }) => {
  const translate = useTranslate();
  const [failed, setFailed] = useState(false);
  const count = Number(record.imageCount ?? 0);
  const image =
    record.thumbnailFileId && !failed ? (
      <Box
        component="img"
        src={fileUrl('vehicles', record.id, record.thumbnailFileId, 'thumbnail')}
        alt={translate('files.imageCount', { count })}
        loading="lazy"
        onError={() => setFailed(true)}
        data-testid="vehicle-thumbnail"
        sx={{ ...SIZE, objectFit: 'cover', borderRadius: 0.5, display: 'block', backgroundColor: placeholderSurface }}
      />
    ) : (
      <Box sx={{ ...SIZE, borderRadius: 0.5, display: 'flex', alignItems: 'center', justifyContent: 'center', backgroundColor: placeholderSurface, color: 'text.disabled' }} data-testid="vehicle-no-thumbnail">
        <DirectionsCarIcon fontSize="small" />
      </Box>
    );
  const badged = (
    <Badge badgeContent={count > 1 ? count : 0} color="primary" overlap="rectangular" sx={{ '& .MuiBadge-badge': { fontSize: 10, height: 16, minWidth: 16 } }}>
      {image}
    </Badge>
  );
  return to && record.thumbnailFileId ? (
    <Box component={Link} to={to} tabIndex={-1} sx={{ display: 'inline-block' }}>
      {badged}
    </Box>
  ) : (
    badged
  );
};

/** The header of the thumbnail column: an icon, named for screen readers (keeps the column narrow). */
export const ThumbnailHeader = () => {
  const translate = useTranslate();
  return <PhotoIcon fontSize="small" color="action" titleAccess={translate('files.images')} sx={{ verticalAlign: 'middle' }} />;
};
