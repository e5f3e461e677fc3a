import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { TrackingView } from './api';
import { placeholderSurface } from '../common/surfaces';

/** The images' thumbnails, two to a row on a phone, more on wider screens; served by the token's own route. */
export const TrackingPhotos = ({ images }: { images: TrackingView['images'] }) => {
  const translate = useTranslate();
  return (
    <Box data-testid="tracking-photos" sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' }, gap: 1 }}>
      {images.map((image, index) => (
        <Box
          key={image.id}
          component="img"
          src={image.thumbnailUrl}
          alt={translate('tracking.photoAlt', { number: index + 1 })}
          loading="lazy"
          sx={{ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', borderRadius: 1, display: 'block', backgroundColor: placeholderSurface }}
        />
      ))}
    </Box>
  );
};
