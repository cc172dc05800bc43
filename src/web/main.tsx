// The web app's entry: theme (antd, #436CF5), language (i18next, zh default; antd's own texts follow
// it), and the router (app/router.tsx) with every route of spec 000 §2 and 001 §2.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/AppProviders.tsx';
import { router } from './app/router.tsx';
import './app/app.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
