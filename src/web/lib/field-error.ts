import { renderErrorText } from '../../shared/i18n/error-text';
import type { Message } from '../../shared/i18n/message';
import { currentLocale, t, type MessageValues } from './i18n';

const ERROR_ID = /^(validation|error)\.[A-Za-z0-9.]+$/;

/**
 * A problem to show in a form, in the reader's language: a message of the errors catalogue (the
 * ids the shared contracts give zod, `validation.emailInvalid`, or a check's message such as the
 * VAT number's) is written from `src/locales/{locale}/errors.json`; any other text is kept as it
 * is (a server's `detail` arrives written already).
 */
export function fieldError(message: string | Message, values?: MessageValues): string {
  if (typeof message !== 'string') return renderErrorText(message, currentLocale(), t);
  return ERROR_ID.test(message) ? t(message, values) : message;
}
