import { t } from '../../lib/i18n';

/** Support hours shown on the landing and contact pages, in the active language. */
export const supportHours = (): string => t('home.contact.supportHoursValue');
