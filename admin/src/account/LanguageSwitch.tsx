import { Button, IconButton, useMediaQuery, type ButtonProps, type Theme } from '@mui/material';
import TranslateIcon from '@mui/icons-material/Translate';
import { useTranslate } from 'react-admin';
import { getLanguage, type Language } from '../i18n/language';
import { useLanguageNotice, useSwitchLanguage } from './useSwitchLanguage';

/**
 * One button that names the other language in that language ("العربية" / "English"), on every
 * page including /auth. It sets react-admin's locale and the page direction together, and stores
 * the choice on the account of a signed-in user (useSwitchLanguage).
 * `compact`: an icon alone on phones, where the header has little room.
 */
export const LanguageSwitch = ({ compact = false, ...props }: ButtonProps & { compact?: boolean }) => {
  const translate = useTranslate();
  const switchTo = useSwitchLanguage();
  useLanguageNotice();
  const isXSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const next: Language = getLanguage() === 'ar' ? 'en' : 'ar';
  const hint = translate('language.switchToHint');

  const switchLanguage = () => switchTo(next);

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
