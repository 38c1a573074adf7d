import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The index.html of a built web app, with the placeholder the server fills with the runtime config. */
export const indexTemplate = `<!doctype html>
<html lang="en">
  <head>
    <!--app-config-->
    <title>Corisk</title>
    <meta name="description" content="Company risk assessment" />
    <meta property="og:title" content="Corisk" />
    <script type="module" crossorigin src="/assets/x-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;

/** A fresh temporary folder with a `web/` build in it: index.html, and empty `assets/` and `.vite/`. */
export function tempWebBuild(prefix: string): { root: string; web: string } {
  const root = mkdtempSync(join(tmpdir(), prefix));
  const web = join(root, 'web');
  mkdirSync(join(web, 'assets'), { recursive: true });
  mkdirSync(join(web, '.vite'));
  writeFileSync(join(web, 'index.html'), indexTemplate);
  return { root, web };
}

/** Writes the build's .vite/manifest.json: each source's chunk and the chunks it imports. */
export function writeManifest(web: string, chunks: Record<string, { file: string; imports?: string[] }>): void {
  writeFileSync(join(web, '.vite/manifest.json'), JSON.stringify(chunks));
}
