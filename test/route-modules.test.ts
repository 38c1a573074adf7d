import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { routeMessages, routeModules } from '../src/shared/route-modules.js';

const router = readFileSync(new URL('../src/web/router.tsx', import.meta.url), 'utf8');

/** The source of the route declared for a path: `{ path: 'x', lazy: … }` up to the line's end. */
const routeLine = (path: string) => router.split('\n').find((line) => line.includes(`path: '${path.slice(1)}', lazy:`)) ?? '';

describe('routeModules', () => {
  it.each(Object.entries(routeModules).filter(([path]) => path !== '/'))('%s: the router lazy-loads the same page module for that path', (path, modules) => {
    const page = modules[modules.length - 1]?.replace(/\.tsx$/, '');
    expect(routeLine(path)).toContain(`import('./${page}')`);
  });

  it.each(Object.entries(routeMessages).filter(([, bundles]) => !bundles.includes('app')))(
    '%s: the router loads the same message bundles as the server preloads',
    (path, bundles) => {
      const quoted = bundles.map((b) => `'${b}'`).join(', ');
      expect(routeLine(path)).toContain(`withMessages(${bundles.length > 1 ? `[${quoted}]` : quoted}, import(`);
    },
  );

  it('names the query layer wherever the router nests a page under it; the layer loads the app messages', () => {
    const layer = "withMessages('app', import('./app/query-layer'))";
    expect(router).toContain(layer);
    const nested = router.slice(router.indexOf(layer), router.indexOf("path: '*'"));
    for (const [path, modules] of Object.entries(routeModules)) {
      const underLayer = nested.includes(`path: '${path.slice(1)}',`) || (path === '/products' && nested.includes('productsPage()'));
      expect(modules.includes('app/query-layer.tsx'), path).toBe(underLayer);
    }
  });
});
