import type { PublicConfig } from '../../src/shared/contracts/common';
import { defaultConfig, resetPublicConfigForTests } from '../../src/web/lib/public-config';

/** Test helper: puts a server-style `<meta name="app-config">` in the document and forgets the cached config. */
export function installPublicConfig(overrides: Partial<PublicConfig> = {}): PublicConfig {
  const config: PublicConfig = {
    ...defaultConfig(),
    version: '1.2.3',
    appUrl: 'https://corisk.example',
    contactEmailInfo: 'info@corisk.example',
    contactEmailSupport: 'support@corisk.example',
    ...overrides,
  };
  document.head.querySelector('meta[name="app-config"]')?.remove();
  const meta = document.createElement('meta');
  meta.setAttribute('name', 'app-config');
  meta.setAttribute('content', JSON.stringify(config));
  document.head.appendChild(meta);
  resetPublicConfigForTests();
  return config;
}
