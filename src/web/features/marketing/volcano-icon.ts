import { createLucideIcon, type LucideIcon } from 'lucide-react';

/** Lucide has no volcano: a cone with a crater and rising ash, on Lucide's 24-unit grid and stroke. */
export const Volcano: LucideIcon = createLucideIcon('Volcano', [
  ['path', { d: 'M2 21h20l-6.5-10H14l-2 2-2-2H8.5Z', key: 'cone' }],
  ['path', { d: 'M12 9c0-1.5 1.5-2 1.5-3.5S12 3.5 12 2', key: 'plume' }],
  ['path', { d: 'M8.5 8c0-1 .8-1.5.8-2.5', key: 'ash-left' }],
  ['path', { d: 'M15.5 8c0-1 .8-1.5.8-2.5', key: 'ash-right' }],
]);
