import { useRef } from 'react';
import { Button, CircularProgress } from '@mui/material';
import UploadIcon from '@mui/icons-material/UploadFile';
import { useTranslate } from 'react-admin';

/**
 * A button that opens the file picker (several files at once unless `single`). The input stays
 * in the page, hidden, so tests and assistive tools can reach it; it is reset after every pick so
 * the same file can be chosen again.
 */
export const UploadButton = ({
  label,
  accept,
  busy,
  onFiles,
  testId,
  variant = 'outlined',
  single = false,
}: {
  label: string;
  accept: string[];
  busy: boolean;
  onFiles: (files: File[]) => void;
  testId: string;
  variant?: 'outlined' | 'contained';
  single?: boolean;
}) => {
  const translate = useTranslate();
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button
        type="button"
        variant={variant}
        size="small"
        startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <UploadIcon />}
        onClick={() => input.current?.click()}
        disabled={busy}
        data-testid={testId}
      >
        {translate(busy ? 'files.uploading' : label)}
      </Button>
      <input
        ref={input}
        type="file"
        hidden
        multiple={!single}
        accept={accept.join(',')}
        data-testid={`${testId}-input`}
        aria-label={translate(label)}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
    </>
  );
};
