import { can } from '@domain/permissions';
import { useCurrentUser } from '../providers/useCurrentUser';
import { Section } from '../common/Section';
import { DocumentsTable } from '../files/DocumentsTable';
import { ImageGallery } from '../files/ImageGallery';
import type { StoredFile } from '../files/format';

/** The images and documents of /containers/{id}. */
export const ContainerFileSections = ({ container }: { container: Record<string, any> }) => {
  const { user } = useCurrentUser();
  const canEdit = can(user?.role, 'files', 'create');
  return (
    <>
      <Section title="files.images" testId="section-images">
        <ImageGallery owner="containers" ownerId={container.id} initialFiles={container.files as StoredFile[] | undefined} canEdit={canEdit} />
      </Section>
      <Section title="files.documents" testId="section-documents">
        <DocumentsTable owner="containers" ownerId={container.id} initialFiles={container.files as StoredFile[] | undefined} canEdit={canEdit} />
      </Section>
    </>
  );
};
