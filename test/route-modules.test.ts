import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { routeModules } from '../src/shared/route-modules.js';

const router = readFileSync(new URL('../src/web/router.tsx', import.meta.url), 'utf8');

describe('routeModules', () => {
  it.each(Object.entries(routeModules).filter(([path]) => path !== '/'))('%s: the router lazy-loads the same page module for that path', (path, modules) => {
    const page = modules[modules.length - 1]?.replace(/\.tsx$/, '');
    expect(router).toContain(`path: '${path.slice(1)}', lazy: () => import('./${page}')`);
  });

  it('names the query layer wherever the router nests a page under it', () => {
    const nested = router.slice(router.indexOf("import('./app/query-layer')"), router.indexOf("path: '*'"));
    for (const [path, modules] of Object.entries(routeModules)) {
      const underLayer = nested.includes(`path: '${path.slice(1)}',`);
      expect(modules.includes('app/query-layer.tsx'), path).toBe(underLayer);
    }
  });
});
