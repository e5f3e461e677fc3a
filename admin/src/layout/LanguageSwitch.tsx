import { Button, IconButton, useMediaQuery, type ButtonProps, type Theme } from '@mui/material';
import TranslateIcon from '@mui/icons-material/Translate';
import { useLocaleState, useTranslate } from 'react-admin';
import { getLanguage, setLanguage, type Language } from '../i18n/language';
import { loadCatalogue } from '../i18n/i18nProvider';

/**
 * One button that names the other language in that language ("العربية" / "English"), on every
 * page including /auth. It sets react-admin's locale and the page direction together.
 * `compact`: an icon alone on phones, where the header has little room.
 */
export const LanguageSwitch = ({ compact = false, ...props }: ButtonProps & { compact?: boolean }) => {
  const translate = useTranslate();
  const [, setLocale] = useLocaleState();
  const isXSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const next: Language = getLanguage() === 'ar' ? 'en' : 'ar';
  const hint = translate('language.switchToHint');

  const switchLanguage = async () => {
    await loadCatalogue(next); // the texts arrive before the layout mirrors
    setLanguage(next);
    setLocale(next);
  };

  if (compact && isXSmall) {
    return (
      <IconButton color="inherit" onClick={switchLanguage} aria-label={hint} title={hint} data-testid="language-switch">
        <TranslateIcon />
      </IconButton>
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
