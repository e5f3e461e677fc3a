import { can } from '@domain/permissions';
import { useCurrentUser } from '../providers/useCurrentUser';
import { Section } from '../common/Section';
import { DetectColorButton } from '../ai/DetectColorButton';
import { DocumentsTable } from '../files/DocumentsTable';
import { ImageGallery } from '../files/ImageGallery';
import type { StoredFile } from '../files/format';

/** A vehicle detail: its id and its files' metadata. */
type Owned = Record<string, any>;

/**
 * The images of /vehicles/{id}/edit: inside the edit form, so the colour detected on an image
 * fills the form's colour field (saved with the form). Staff change files; a buyer looks.
 */
export const VehicleImagesSection = ({ vehicle }: { vehicle: Owned }) => {
  const { user } = useCurrentUser();
  const canEdit = can(user?.role, 'files', 'create');
  const canDetect = can(user?.role, 'vehicles', 'update');
  return (
    <Section title="files.images" testId="section-images">
      <ImageGallery
        owner="vehicles"
        ownerId={vehicle.id}
        initialFiles={vehicle.files as StoredFile[] | undefined}
        canEdit={canEdit}
        imageActions={canDetect ? (image) => <DetectColorButton vehicleId={vehicle.id} image={image} /> : undefined}
      />
    </Section>
  );
};

export const VehicleDocumentsSection = ({ vehicle }: { vehicle: Owned }) => {
  const { user } = useCurrentUser();
  return (
    <Section title="files.documents" testId="section-documents">
      <DocumentsTable owner="vehicles" ownerId={vehicle.id} initialFiles={vehicle.files as StoredFile[] | undefined} canEdit={can(user?.role, 'files', 'create')} />
    </Section>
  );
};
