import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * The body of an upload's error toast: one line per file that failed, 'Failed to upload file:
 * {name}' (SPEC.md §8) with the reason in plain words.
 */
export const FailureLines = ({ failed, extra = [] }: { failed: { file: File; text: string }[]; extra?: string[] }) => {
  const translate = useTranslate();
  const lines = [...extra, ...failed.map(({ file, text }) => `${translate('documents.uploadFileFailed', { name: file.name })} (${text})`)];
  return (
    <Box component="span" sx={{ whiteSpace: 'pre-line' }}>
      {lines.join('\n')}
    </Box>
  );
};
