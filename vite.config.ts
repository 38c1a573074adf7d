import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { messagesPlugin } from './scripts/vite-messages.mjs';

// React Router's package exports always resolve to its development build (the same code with its
// dev warnings switched on); the browser build takes its production build instead.
const reactRouterProduction = fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url));

export default defineConfig(({ command, isSsrBuild }) => ({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), messagesPlugin(fileURLToPath(new URL('./src/locales', import.meta.url)))],
  resolve: command === 'build' && !isSsrBuild ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] } : {},
  build: isSsrBuild
    ? {
        // `vite build --ssr`: the server-side renderer of the public pages, run by the server
        // (src/server/plugins/web.ts); its packages stay in node_modules.
        rolldownOptions: { input: 'src/web/prerender.tsx' },
        outDir: '../../dist/prerender',
        emptyOutDir: true,
        sourcemap: false,
        target: 'node20',
        copyPublicDir: false,
      }
    : {
        outDir: '../../dist/web',
        emptyOutDir: true,
        sourcemap: false,
        target: 'es2022',
        manifest: true,
        // No polyfill: browsers without native modulepreload (Firefox < 115, Safari < 17) still load
        // every module, only without the head start.
        modulePreload: {
          polyfill: false,
          // A lazy chunk's imports are not listed in the entry for the browser to preload with it:
          // that list named every chunk of the app (1.8 KB gzip of the landing page's budget). A
          // page loaded afresh gets its chunks' preload hints from the server instead; a page
          // reached by navigation loads its imports once its chunk has arrived.
          resolveDependencies: (_file, deps, { hostType }) => (hostType === 'js' ? [] : deps),
        },
        rolldownOptions: {
          output: {
            // Content hashes only: the lazy-import map in the entry lists every chunk's file name.
            chunkFileNames: 'assets/[hash].js',
            codeSplitting: {
              groups: [
                {
                  // React, the router and the icon runtime in one long-cached file that app
                  // deploys do not invalidate (icons themselves stay with the routes that use them).
                  name: 'framework',
                  test: /node_modules\/(react|react-dom|scheduler|react-router)\/|node_modules\/lucide-react\/dist\/esm\/(?!icons\/)/,
                },
                {
                  // Icons and UI components most pages share, in one file instead of a few hundred
                  // bytes each: fewer requests before a page's first paint. Rarer ones stay with
                  // their pages (a lower share count pushes the landing page over its JS budget),
                  // and so do the form fields, cards and badges: the landing page has none.
                  name: 'ui',
                  test: /node_modules\/lucide-react\/dist\/esm\/icons\/|src\/web\/components\/(?!ui\/(input|select|label|field-styles|textarea|checkbox|card|badge)\.)/,
                  minShareCount: 6,
                },
              ],
            },
          },
        },
      },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' },
  },
}));
