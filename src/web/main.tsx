// First: settings zod reads when it loads.
import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { forgetScrollOfNewPage } from './app/scroll-restoration';
import { ToastViewport } from './app/toast-viewport';
import { AuthProvider } from './lib/auth/auth-provider';
import { SessionBoundary } from './lib/auth/session-boundary';
import { initAnalytics } from './lib/analytics';
import { loadPublicConfig } from './lib/public-config';
import { createRouter } from './router';
import './styles.css';

// The server injects the runtime config into index.html; under `vite` dev it is fetched instead.
void loadPublicConfig();
initAnalytics();

// A page opened anew starts at the top, whatever an earlier visit to it left saved.
forgetScrollOfNewPage();

// TanStack Query is provided by app/query-layer.tsx around the data routes (see router.tsx).
const router = createRouter();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <AuthProvider>
      <SessionBoundary>
        <RouterProvider router={router} />
      </SessionBoundary>
      <ToastViewport />
    </AuthProvider>
  </StrictMode>,
);
