/** Support hours shown on the landing and contact pages (SPEC section 9). */
export const SUPPORT_HOURS = 'Mon-Fri 9AM-6PM CET';
