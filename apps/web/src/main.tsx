import { currentLang, loadLanguage } from './platform/i18n';
import './app/start';
import 'virtual:openvisit/antd.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createRouter } from './app/router';
import { createQueryClient, RootProviders } from './platform/rootProviders';
import { joinSharedSession } from './platform/session';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// The tab takes the session its browser's other tabs share before the first screen checks it, and follows their sign-ins
// and sign-outs once the code for that has arrived (platform/sessionTabs.ts).
joinSharedSession();
void import('./platform/sessionTabs').then((tabs) => tabs.followOtherTabs());
// The router starts loading the first screen at once; the page renders when the language's texts have arrived too (a
// failed download renders all the same: the screen's error handling offers a reload).
const router = createRouter();
void loadLanguage(currentLang())
  .catch(() => undefined)
  .then(() =>
    createRoot(root).render(
      <StrictMode>
        <RootProviders queryClient={createQueryClient()}>
          <RouterProvider router={router} />
        </RootProviders>
      </StrictMode>,
    ),
  );
