import { Toaster } from 'sonner';
import { t } from '../lib/i18n';

/** Every message is a toast, bottom-right, gone after 3 s, closable by click. */
export function AppToaster() {
  return (
    <Toaster
      position="bottom-right"
      duration={3000}
      closeButton
      richColors
      toastOptions={{ className: 'corisk-toast', closeButtonAriaLabel: t('common.toast.close') }}
      containerAriaLabel={t('common.toast.region')}
    />
  );
}
