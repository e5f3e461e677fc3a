import { Box } from '@mui/material';
import { fileUrl } from '../files/api';
import type { FileOwner, StoredFile } from '../files/format';
import { PrintMore, PrintSection } from './PrintSection';
import { PRINT_LIMITS, firstOf } from './printLimits';

/**
 * A few of the record's photos as thumbnails (the ones the gallery shows, so usually already
 * loaded), and how many others there are. Nothing when there are no photos.
 */
export const PrintPhotos = ({ owner, ownerId, images }: { owner: FileOwner; ownerId: number | string; images: StoredFile[] }) => {
  if (!images.length) return null;
  const { shown, more } = firstOf(images, PRINT_LIMITS.photos);
  return (
    <PrintSection title="files.images" testId="print-photos">
      <Box sx={{ display: 'grid', gridTemplateColumns: `repeat(${PRINT_LIMITS.photos}, minmax(0, 1fr))`, gap: 1 }}>
        {shown.map((image) => (
          <Box
            key={image.id}
            component="img"
            src={fileUrl(owner, ownerId, image.id, 'thumbnail')}
            alt={image.fileName}
            data-testid="print-photo"
            sx={{ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', display: 'block', border: '1px solid #ccc', borderRadius: '2px', backgroundColor: '#f3f3f3' }}
          />
        ))}
      </Box>
      <PrintMore count={more} />
    </PrintSection>
  );
};
