import { Cookie } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button } from '../components/ui/button';
import { setConsent, useConsent } from '../lib/consent';
import { localised, T, t } from '../lib/i18n';
import { usePublicConfig } from '../lib/public-config';

/**
 * Cookie consent (EU ePrivacy/GDPR). Shown only when analytics is configured
 * (GA_MEASUREMENT_ID): without it Corisk sets no optional cookies, so there is nothing to ask.
 * Rejecting is as easy as accepting; the footer's "Cookie settings" reopens it.
 */
export function ConsentBanner() {
  const { gaMeasurementId } = usePublicConfig();
  const { choice, settingsOpen } = useConsent();
  const regionRef = useRef<HTMLElement>(null);
  const visible = gaMeasurementId !== null && (choice === null || settingsOpen);

  useEffect(() => {
    // Reopened from the footer: move focus into the banner so keyboard users land on it.
    if (visible && settingsOpen) regionRef.current?.focus();
  }, [visible, settingsOpen]);

  if (!visible) return null;

  return (
    <section
      ref={regionRef}
      tabIndex={-1}
      aria-label={t('common.consent.label')}
      className="fixed inset-x-3 bottom-3 z-50 rounded-2xl border border-slate-200 bg-white p-5 shadow-2xl sm:inset-x-auto sm:left-4 sm:bottom-4 sm:max-w-md"
    >
      <div className="flex items-start gap-3">
        <span className="grid size-9 shrink-0 place-items-center rounded-full bg-brand-50 text-brand-700">
          <Cookie aria-hidden="true" className="size-5" />
        </span>
        <div>
          <h2 className="text-base font-semibold text-slate-900">{t('common.consent.title')}</h2>
          <p className="mt-1 text-sm leading-relaxed text-slate-600">
            <T
              id="common.consent.text"
              components={{ 0: <Link to={localised('/support/privacy-policy')} className="font-medium text-brand-700 underline underline-offset-2" /> }}
            />
          </p>
          {choice && (
            <p className="mt-2 text-xs text-slate-500">
              {choice === 'accepted' ? t('common.consent.currentAccepted') : t('common.consent.currentRejected')}
            </p>
          )}
        </div>
      </div>
      <div className="mt-4 grid grid-cols-2 gap-2">
        <Button variant="outline" onClick={() => setConsent('rejected')}>
          {t('common.consent.reject')}
        </Button>
        <Button variant="primary" onClick={() => setConsent('accepted')}>
          {t('common.consent.accept')}
        </Button>
      </div>
    </section>
  );
}
