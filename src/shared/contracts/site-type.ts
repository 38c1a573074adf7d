import { z } from 'zod';
import { SITE_TYPES } from '../site-types.js';

/** The site type as a request or report field (the words and parsing live in shared/site-types.ts). */
export const siteTypeSchema = z.enum(SITE_TYPES);
export type { SiteType } from '../site-types.js';
