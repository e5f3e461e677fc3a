import ArrowIcon from '@mui/icons-material/ArrowRightAlt';
import { useTheme } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * "From → to" as an icon rather than the glyph, which not every font has (a box showed in its
 * place), pointing the way the page reads: ← in Arabic.
 */
export const ReadingArrow = () => {
  const translate = useTranslate();
  const rtl = useTheme().direction === 'rtl';
  return (
    <ArrowIcon
      // Named to screen readers ("changed to"): without titleAccess the icon is aria-hidden.
      titleAccess={translate('activity.changedTo')}
      fontSize="small"
      sx={{ verticalAlign: 'middle', marginInline: 0.5, color: 'text.secondary', transform: rtl ? 'scaleX(-1)' : undefined }}
    />
  );
};
