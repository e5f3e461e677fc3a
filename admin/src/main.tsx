import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { App } from './App';
import { getLanguage } from './i18n/language';
import { loadCatalogue } from './i18n/i18nProvider';
import { applyVisitLanguage } from './embedding/visitLanguage';

// Real paths (/vehicles/12/edit), not hash routes: the API answers index.html for every page path.
const router = createBrowserRouter([{ path: '*', element: <App /> }]);

// A language asked for in the address (?lang=ar) wins for this visit.
applyVisitLanguage();
// The saved language's texts are needed before the first render (polyglot wants them at once).
// Awaited with then(), not at the module's top level: the Arabic texts' file imports from the
// file this module is built into (vite.config.ts, the boot group), and a top-level await here
// would have that file wait for the Arabic texts while they wait for it, a page left blank.
void loadCatalogue(getLanguage()).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  ),
);
