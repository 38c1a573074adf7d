import { z } from 'zod';
import { LOCALES } from './locales.js';

/** A language Corisk speaks, as the contracts validate it (apart from locales.ts, which pages load without zod). */
export const localeSchema = z.enum(LOCALES);
