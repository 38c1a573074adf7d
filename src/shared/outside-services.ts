/**
 * The outside services a deployment can be configured to call; its sub-processors page lists
 * those it does. No zod here: the web app's config parser reads this list before first paint.
 */
export const outsideServiceIds = [
  'stripe',
  'smtp',
  'openai-compatible',
  'nominatim',
  'vies',
  'gleif',
  'registry-fr',
  'registry-cz',
  'registry-fi',
  'registry-pl',
  'registry-pl-krs',
  'registry-ro',
  'registry-se',
  'registry-el',
  'registry-dk',
  'registry-sk',
  'registry-sk-rpo',
  'google-analytics',
  'postgresql',
  'redis',
] as const;
export type OutsideServiceId = (typeof outsideServiceIds)[number];
