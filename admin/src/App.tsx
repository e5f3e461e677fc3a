import { lazy, Suspense, useSyncExternalStore } from 'react';
import { CacheProvider } from '@emotion/react';
import { CssBaseline } from '@mui/material';
import { AdminContext, CoreAdminUI, CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { queryClient } from './providers/queryClient';
import { store } from './providers/store';
import { getI18nProvider } from './i18n/i18nProvider';
import { getLanguage, subscribeLanguage } from './i18n/language';
import { themes } from './layout/theme';
import { getThemeMode, subscribeThemeMode } from './providers/themePreference';
import { emotionCaches } from './layout/emotionCache';
import { Layout } from './layout/Layout';
import { LoadingScreen } from './common/LoadingScreen';
import { Notification } from './layout/Notification';
import { FreshNotifications } from './layout/FreshNotifications';
import { PendingChangesProvider } from './providers/pendingChanges';
import { NotFound, Unauthorized } from './common/MessagePages';
import { ErrorPage } from './layout/ErrorPage';
import { EmbeddingBridge } from './embedding/EmbeddingBridge';
import companies from './companies';
import users from './users';
import ports from './ports';
import vehicles from './vehicles';
import containers from './containers';
import documents from './documents';
import invoices from './invoices';
import activity from './activity';
import { OWN_SETTINGS_PATH } from './companyProfile/paths';
import { AUTH_PATH, CHANGE_PASSWORD_PATH, WAITING_PATH } from './providers/paths';
import { TRACKING_PAGE_PATH } from './trackingLinks/paths';

// Pages load on first visit (the layout wraps resource pages in a Suspense of its own).
const Dashboard = lazy(() => import('./dashboard/Dashboard'));
const AuthPage = lazy(() => import('./auth/AuthPage'));
const WaitingApproval = lazy(() => import('./auth/WaitingApproval'));
const ChangePasswordPage = lazy(() => import('./account/ChangePasswordPage'));
const TrackingPage = lazy(() => import('./trackingLinks/TrackingPage'));
const OwnCompanySettings = lazy(() => import('./companyProfile/CompanySettings').then((module) => ({ default: module.OwnCompanySettings })));

const DefaultLoading = () => <LoadingScreen />;

const outsideLayout = (Page: React.ComponentType) => (
  <Suspense fallback={<LoadingScreen />}>
    <Page />
  </Suspense>
);

export const App = () => {
  const language = useSyncExternalStore(subscribeLanguage, getLanguage);
  // Light or dark, as the user's preference says ('system' follows the operating system).
  const mode = useSyncExternalStore(subscribeThemeMode, getThemeMode);
  return (
    <CacheProvider value={emotionCaches[language]}>
      {/* AdminContext + CoreAdminUI rather than <Admin>: the same thing without react-admin's
          default login page and layout, which this console replaces and need not download. */}
      <AdminContext
        authProvider={authProvider}
        dataProvider={dataProvider}
        i18nProvider={getI18nProvider()}
        queryClient={queryClient}
        store={store}
        // The preference is the console's own (providers/themePreference): react-admin is given
        // the one theme to show, and no dark theme of its own to pick by itself.
        theme={themes[language][mode]}
        darkTheme={null}
      >
        <CssBaseline enableColorScheme />
        {/* Toasts of a page the user has left are dropped (layout/FreshNotifications). */}
        {/* Undoable changes wait here, and are sent when the page is left (providers/pendingChanges). */}
        <PendingChangesProvider>
          <FreshNotifications>
            <CoreAdminUI
              title="Vehicle Export"
              layout={Layout}
              dashboard={Dashboard}
              catchAll={NotFound}
              accessDenied={Unauthorized}
              loading={DefaultLoading}
              error={ErrorPage}
              loginPage={false}
              authCallbackPage={false}
              disableTelemetry
            >
              <CustomRoutes noLayout>
                <Route path={AUTH_PATH} element={outsideLayout(AuthPage)} />
                <Route path={WAITING_PATH} element={outsideLayout(WaitingApproval)} />
                {/* A buyer's tracking link: public, no sign-in (authProvider.checkAuth is never asked here). */}
                <Route path={TRACKING_PAGE_PATH} element={outsideLayout(TrackingPage)} />
              </CustomRoutes>
              <CustomRoutes>
                <Route path={OWN_SETTINGS_PATH} element={<OwnCompanySettings />} />
                <Route path={CHANGE_PASSWORD_PATH} element={<ChangePasswordPage />} />
              </CustomRoutes>
              <Resource name="companies" {...companies} />
              <Resource name="users" {...users} />
              <Resource name="vehicles" {...vehicles} />
              <Resource name="containers" {...containers} />
              <Resource name="ports" {...ports} />
              <Resource name="documents" {...documents} />
              <Resource name="invoices" {...invoices} />
              <Resource name="audit-log" {...activity} />
            </CoreAdminUI>
          </FreshNotifications>
          <Notification />
          {/* Messages to and from an intranet page that frames the console (docs/embedding.md). */}
          <EmbeddingBridge />
        </PendingChangesProvider>
      </AdminContext>
    </CacheProvider>
  );
};
