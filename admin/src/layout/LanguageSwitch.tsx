import { Button, type ButtonProps } from '@mui/material';
import TranslateIcon from '@mui/icons-material/Translate';
import { useLocaleState, useTranslate } from 'react-admin';
import { getLanguage, setLanguage, type Language } from '../i18n/language';
import { loadCatalogue } from '../i18n/i18nProvider';

/**
 * One button that names the other language in that language ("العربية" / "English"), on every
 * page including /auth. It sets react-admin's locale and the page direction together.
 */
export const LanguageSwitch = (props: ButtonProps) => {
  const translate = useTranslate();
  const [, setLocale] = useLocaleState();
  const next: Language = getLanguage() === 'ar' ? 'en' : 'ar';

  const switchLanguage = async () => {
    await loadCatalogue(next); // the texts arrive before the layout mirrors
    setLanguage(next);
    setLocale(next);
  };

  return (
    <Button
      color="inherit"
      startIcon={<TranslateIcon />}
      onClick={switchLanguage}
      title={translate('language.switchToHint')}
      aria-label={translate('language.switchToHint')}
      data-testid="language-switch"
      {...props}
    >
      <span lang={next}>{translate('language.switchTo')}</span>
    </Button>
  );
};
