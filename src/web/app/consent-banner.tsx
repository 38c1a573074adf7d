import { Cookie } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button } from '../components/ui/button';
import { setConsent, useConsent } from '../lib/consent';
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
      aria-label="Cookie consent"
      className="fixed inset-x-3 bottom-3 z-50 rounded-2xl border border-slate-200 bg-white p-5 shadow-2xl sm:inset-x-auto sm:left-4 sm:bottom-4 sm:max-w-md"
    >
      <div className="flex items-start gap-3">
        <span className="grid size-9 shrink-0 place-items-center rounded-full bg-brand-50 text-brand-700">
          <Cookie aria-hidden="true" className="size-5" />
        </span>
        <div>
          <h2 className="text-base font-semibold text-slate-900">Cookies and analytics</h2>
          <p className="mt-1 text-sm leading-relaxed text-slate-600">
            With your permission we use Google Analytics cookies to understand how Corisk is used and improve it. IP
            addresses are anonymised. The site works the same if you reject.{' '}
            <Link to="/support/privacy-policy" className="font-medium text-brand-700 underline underline-offset-2">
              Privacy Policy
            </Link>
          </p>
          {choice && (
            <p className="mt-2 text-xs text-slate-500">
              Current choice: {choice === 'accepted' ? 'analytics accepted' : 'analytics rejected'}.
            </p>
          )}
        </div>
      </div>
      <div className="mt-4 grid grid-cols-2 gap-2">
        <Button variant="outline" onClick={() => setConsent('rejected')}>
          Reject
        </Button>
        <Button variant="primary" onClick={() => setConsent('accepted')}>
          Accept
        </Button>
      </div>
    </section>
  );
}
