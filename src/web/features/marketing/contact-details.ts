/** Support hours shown on the landing and contact pages. */
export const SUPPORT_HOURS = 'Mon-Fri 9AM-6PM CET';
