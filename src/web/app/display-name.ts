import { t } from '../lib/i18n';

/** The name on the signed-in badge: the user's first name, or 'User' when there is none. */
export function displayFirstName(firstName: string | null | undefined): string {
  const name = firstName?.trim();
  return name ? name : t('common.userMenu.fallbackName');
}
