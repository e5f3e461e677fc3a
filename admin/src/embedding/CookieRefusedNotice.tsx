import { Alert, AlertTitle, Link } from '@mui/material';
import { useTranslate } from 'react-admin';
import { isFramed } from './parentWindow';

/**
 * What the sign-in form says when the password was right but the browser did not keep the
 * session cookie (authProvider's SessionCookieRefused): most often a frame of another site's
 * page, whose cookies the browser blocks unless the console sets them for that use
 * (EMBED_CROSS_SITE over HTTPS). It stays on screen, unlike a toast: the user has to pass it on.
 */
export const CookieRefusedNotice = () => {
  const translate = useTranslate();
  const framed = isFramed();
  return (
    <Alert severity="warning" role="alert" data-testid="cookie-refused">
      <AlertTitle>{translate('embedding.cookieRefused.title')}</AlertTitle>
      {translate(framed ? 'embedding.cookieRefused.framed' : 'embedding.cookieRefused.direct')}{' '}
      {translate('embedding.cookieRefused.administrator')}
      {framed && (
        <>
          {' '}
          <Link href={window.location.href} target="_blank" rel="noopener">
            {translate('embedding.cookieRefused.openOwnTab')}
          </Link>
        </>
      )}
    </Alert>
  );
};
