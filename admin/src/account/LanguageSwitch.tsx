import { Button, useMediaQuery, type ButtonProps, type Theme } from '@mui/material';
import TranslateIcon from '@mui/icons-material/Translate';
import { useTranslate } from 'react-admin';
import { getLanguage, type Language } from '../i18n/language';
import { useLanguageNotice, useSwitchLanguage } from './useSwitchLanguage';

/**
 * One button that names the other language in that language ("العربية" / "English"), on every
 * page including /auth. It sets react-admin's locale and the page direction together, and stores
 * the choice on the account of a signed-in user (useSwitchLanguage).
 * `compact`: a short name on phones, where the header has little room.
 */
export const LanguageSwitch = ({ compact = false, ...props }: ButtonProps & { compact?: boolean }) => {
  const translate = useTranslate();
  const switchTo = useSwitchLanguage();
  useLanguageNotice();
  const isXSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const next: Language = getLanguage() === 'ar' ? 'en' : 'ar';
  const hint = translate('language.switchToHint');

  const switchLanguage = () => switchTo(next);

  // On a phone the header has room for a short name only ("عربي" / "EN"), but never for an icon
  // alone: the switch must say what it does to someone who reads neither the icon nor a tooltip.
  if (compact && isXSmall) {
    return (
      <Button
        color="inherit"
        size="small"
        onClick={switchLanguage}
        aria-label={hint}
        title={hint}
        data-testid="language-switch"
        sx={{ minWidth: 0, paddingInline: 1, fontWeight: 600 }}
      >
        <span lang={next}>{translate('language.switchToShort')}</span>
      </Button>
    );
  }
  return (
    <Button
      color="inherit"
      startIcon={<TranslateIcon />}
      onClick={switchLanguage}
      title={hint}
      aria-label={hint}
      data-testid="language-switch"
      {...props}
    >
      <span lang={next}>{translate('language.switchTo')}</span>
    </Button>
  );
};
