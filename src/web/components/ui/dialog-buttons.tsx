import type { ComponentType, ReactNode } from 'react';
import { t } from '../../lib/i18n';
import { Button } from './button';

/** A dialog's buttons: Cancel, wrapped in the dialog's own closing part (`Close`), then the action. */
export function DialogButtons({ Close, busy, children }: { Close: ComponentType<{ asChild?: boolean; children?: ReactNode }>; busy: boolean; children: ReactNode }) {
  return (
    <div className="mt-6 flex justify-end gap-3">
      <Close asChild>
        <Button variant="outline" disabled={busy}>
          {t('common.dialog.cancel')}
        </Button>
      </Close>
      {children}
    </div>
  );
}
