import './platform/i18n';
import './app/start';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createRouter } from './app/router';
import { AppProviders, createQueryClient } from './platform/providers';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

const router = createRouter();
createRoot(root).render(
  <StrictMode>
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
