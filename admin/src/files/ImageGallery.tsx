import { useState, type ReactNode } from 'react';
import { Box, Button, ButtonBase, CircularProgress, IconButton, Tooltip, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import FolderZipIcon from '@mui/icons-material/FolderZip';
import ImageIcon from '@mui/icons-material/ImageOutlined';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { Toast } from '../common/Toast';
import { Ltr } from '../common/Fields';
import { Name, useTranslateWith } from '../common/Interpolate';
import { requestErrorText } from '../providers/errorMessage';
import { downloadToDisk } from '../providers/download';
import { deleteRecordFile, downloadAllImages, fileUrl } from './api';
import { IMAGE_ACCEPT, splitByAccept, type FileOwner, type StoredFile } from './format';
import { ImageViewer } from './ImageViewer';
import { UploadButton } from './UploadButton';
import { FailureLines } from './FailureLines';
import { UploadProgressList } from './UploadProgressList';
import { useUploadQueue } from './useUploadQueue';
import { storeEach } from './storeEach';
import { useRecordFiles } from './useRecordFiles';
import { placeholderSurface } from '../common/surfaces';

/** One thumbnail: opens the viewer; the file name and the image's actions below it. */
const Thumbnail = ({
  owner,
  ownerId,
  image,
  index,
  onOpen,
  children,
}: {
  owner: FileOwner;
  ownerId: number | string;
  image: StoredFile;
  index: number;
  onOpen: () => void;
  children?: ReactNode;
}) => {
  const translate = useTranslate();
  const [failed, setFailed] = useState(false);
  return (
    <Box
      component="li"
      data-testid="gallery-item"
      sx={{ listStyle: 'none', border: '1px solid', borderColor: 'divider', borderRadius: 1, overflow: 'hidden', backgroundColor: 'background.paper', display: 'flex', flexDirection: 'column' }}
    >
      <ButtonBase
        type="button"
        onClick={onOpen}
        aria-label={translate('files.openImage', { index: index + 1, name: image.fileName })}
        data-testid="gallery-open"
        sx={{ aspectRatio: '4 / 3', width: '100%', backgroundColor: placeholderSurface, '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: -3 } }}
      >
        {failed ? (
          <ImageIcon color="disabled" sx={{ fontSize: 40 }} />
        ) : (
          <Box
            component="img"
            src={fileUrl(owner, ownerId, image.id, 'thumbnail')}
            alt=""
            loading="lazy"
            onError={() => setFailed(true)}
            sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
          />
        )}
      </ButtonBase>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, paddingInlineStart: 1, paddingInlineEnd: 0.5, paddingBlock: 0.25, minHeight: 40 }}>
        <Typography variant="caption" noWrap title={image.fileName} sx={{ flex: 1, minWidth: 0 }}>
          <Ltr>{image.fileName}</Ltr>
        </Typography>
        {children}
      </Box>
    </Box>
  );
};

/**
 * The images of a vehicle or a container (SPEC.md §2): a grid of thumbnails, upload (several at
 * once), delete with confirmation, the full-size viewer, and 'Download All Images' as a ZIP when
 * there is more than one. `imageActions` adds buttons for one image (the colour detection).
 */
export const ImageGallery = ({
  owner,
  ownerId,
  initialFiles,
  canEdit,
  imageActions,
}: {
  owner: FileOwner;
  ownerId: number | string;
  initialFiles: StoredFile[] | undefined;
  canEdit: boolean;
  imageActions?: (image: StoredFile) => ReactNode;
}) => {
  const translate = useTranslate();
  const translateWith = useTranslateWith();
  const notify = useNotify();
  const { images, added, removed } = useRecordFiles(owner, ownerId, initialFiles);
  const queue = useUploadQueue();
  const [zipping, setZipping] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);
  const [toDelete, setToDelete] = useState<StoredFile | null>(null);
  const [deleting, setDeleting] = useState(false);

  const upload = async (picked: File[]) => {
    const { accepted, refused } = splitByAccept(picked, IMAGE_ACCEPT);
    if (refused.length) {
      notify(<Toast title={translate('msg.filesUploadFailed')} description={translate('files.notAnImage', { names: refused.map((f) => f.name).join(', ') })} />, { type: 'error' });
    }
    if (!accepted.length) return;
    const { stored, failed } = await storeEach(queue, owner, ownerId, accepted, added, 'msg.filesUploadFailed');
    if (failed.length) {
      notify(<Toast title={translate('msg.filesUploadFailed')} description={<FailureLines failed={failed} />} />, { type: 'error' });
    } else if (stored.length && !refused.length) {
      notify(translate('files.imagesUploaded', { count: stored.flat().length }), { type: 'success' });
    }
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await deleteRecordFile(owner, ownerId, toDelete.id);
      const index = images.findIndex((image) => image.id === toDelete.id);
      removed(toDelete.id);
      // The viewer stays on the same place, or closes with the last image.
      if (viewing !== null) {
        if (images.length <= 1) setViewing(null);
        else if (index <= viewing) setViewing(Math.max(0, Math.min(viewing - (index < viewing ? 1 : 0), images.length - 2)));
      }
      notify('files.imageDeleted', { type: 'success' });
    } catch (error) {
      console.error(error);
      notify(<Toast title={translate('msg.imageDeleteFailed')} description={requestErrorText(error, translate, 'msg.imageDeleteFailed')} />, { type: 'error' });
    } finally {
      setDeleting(false);
      setToDelete(null);
    }
  };

  const downloadAll = async () => {
    setZipping(true);
    try {
      await downloadAllImages(owner, ownerId);
      // One toast with both of the spec's sentences: the button's spinner shows the wait before.
      notify(<Toast title={translate('vehicles.downloadStarted')} description={translate('vehicles.downloadAllImagesSuccess')} />, { type: 'success' });
    } catch (error) {
      console.error(error);
      notify('vehicles.downloadFailed', { type: 'error' });
    } finally {
      setZipping(false);
    }
  };

  const downloadOne = async (image: StoredFile) => {
    try {
      await downloadToDisk(fileUrl(owner, ownerId, image.id), image.fileName);
    } catch (error) {
      console.error(error);
      notify('files.downloadFileFailed', { type: 'error' });
    }
  };

  const deleteButton = (image: StoredFile, size: 'small' | 'medium' = 'small') => (
    <Tooltip title={translate('files.deleteImage')}>
      <IconButton
        size={size}
        color="error"
        onClick={() => setToDelete(image)}
        aria-label={translate('files.deleteImageLabel', { name: image.fileName })}
        data-testid="delete-image"
      >
        <DeleteIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );

  return (
    <Box data-testid={`${owner}-images`}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, marginBlockEnd: 1.5 }}>
        <Typography variant="body2" color="text.secondary">
          {images.length ? translate('files.imageCount', { count: images.length }) : canEdit ? translate('files.imagesHint') : ''}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {images.length > 1 && (
            <Button
              type="button"
              size="small"
              variant="outlined"
              onClick={downloadAll}
              disabled={zipping}
              startIcon={zipping ? <CircularProgress size={16} color="inherit" /> : <FolderZipIcon />}
              data-testid="download-all-images"
            >
              {translate('files.downloadAll')}
            </Button>
          )}
          {canEdit && <UploadButton label="files.uploadImages" accept={IMAGE_ACCEPT} busy={queue.busy} onFiles={upload} testId="upload-images" variant="contained" />}
        </Box>
      </Box>
      <Box sx={{ marginBlockEnd: queue.items.length ? 1.5 : 0 }}>
        <UploadProgressList items={queue.items} onCancel={queue.cancel} onDismiss={queue.dismiss} />
      </Box>

      {images.length === 0 ? (
        <Box
          data-testid="no-images"
          sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, paddingBlock: 3, color: 'text.secondary', border: '1px dashed', borderColor: 'divider', borderRadius: 1 }}
        >
          <ImageIcon sx={{ fontSize: 40, opacity: 0.6 }} />
          <Typography>{translate('files.noImages')}</Typography>
          <Typography variant="body2">{translate(canEdit ? 'files.noImagesHint' : 'files.noImagesReader')}</Typography>
        </Box>
      ) : (
        <Box
          component="ul"
          data-testid="image-grid"
          sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', gap: 1.5, margin: 0, padding: 0 }}
        >
          {images.map((image, index) => (
            <Thumbnail key={image.id} owner={owner} ownerId={ownerId} image={image} index={index} onOpen={() => setViewing(index)}>
              {imageActions?.(image)}
              {canEdit && deleteButton(image)}
            </Thumbnail>
          ))}
        </Box>
      )}

      {viewing !== null && images.length > 0 && (
        <ImageViewer
          owner={owner}
          ownerId={ownerId}
          images={images}
          index={viewing}
          onIndex={setViewing}
          onClose={() => setViewing(null)}
          actions={(image) => (
            <>
              {imageActions?.(image)}
              <Button type="button" size="small" startIcon={<DownloadIcon />} onClick={() => downloadOne(image)} data-testid="viewer-download">
                {translate('files.downloadImage')}
              </Button>
              {canEdit && (
                <Button type="button" size="small" color="error" startIcon={<DeleteIcon />} onClick={() => setToDelete(image)} data-testid="viewer-delete">
                  {translate('files.deleteImage')}
                </Button>
              )}
            </>
          )}
        />
      )}

      <Confirm
        isOpen={toDelete !== null}
        loading={deleting}
        title={toDelete ? (translateWith('files.deleteImageTitle', { name: <Name>{toDelete.fileName}</Name> })) : ''}
        content="files.deleteImageConfirm"
        confirmColor="warning"
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      />
    </Box>
  );
};
