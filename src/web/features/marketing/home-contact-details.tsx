import { Clock, Mail, MessageSquare } from 'lucide-react';
import type { ReactNode } from 'react';
import { t } from '../../lib/i18n';
import { usePublicConfig } from '../../lib/public-config';
import { supportHours } from './contact-details';
import { LandingContactForm } from './landing-contact-form';
import { SocialLinks } from './social-links';

/**
 * The landing page's contact section below its heading: promises, support hours, social links
 * and the form. Loaded when the visitor nears the section (see home-contact-section.tsx).
 */

function InfoItem({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-4">
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-white text-brand-700 shadow-sm ring-1 ring-slate-200">
        {icon}
      </span>
      <div>
        <p className="text-sm font-semibold text-slate-900">{title}</p>
        <div className="mt-0.5 text-sm text-slate-600">{children}</div>
      </div>
    </li>
  );
}

/** Reply promise, support hours, the info address and the social links. */
export function ContactDetails() {
  const { contactEmailInfo } = usePublicConfig();
  return (
    <>
      <ul className="mt-10 space-y-6">
        <InfoItem icon={<MessageSquare className="size-5" aria-hidden="true" />} title={t('home.contact.replyTitle')}>
          {t('home.contact.replyText')}
        </InfoItem>
        <InfoItem icon={<Clock className="size-5" aria-hidden="true" />} title={t('home.contact.supportHours')}>
          {supportHours()}
        </InfoItem>
        <InfoItem icon={<Mail className="size-5" aria-hidden="true" />} title={t('home.contact.email')}>
          <a href={`mailto:${contactEmailInfo}`} className="font-medium text-brand-700 hover:text-brand-900 hover:underline">
            {contactEmailInfo}
          </a>
        </InfoItem>
      </ul>
      <div className="mt-10">
        <p className="text-sm font-semibold text-slate-900">{t('home.contact.followUs')}</p>
        <SocialLinks className="mt-3" />
      </div>
    </>
  );
}

/** The card with the contact form (mailto to the info address). */
export function ContactFormCard() {
  const { contactEmailInfo, productName } = usePublicConfig();
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h3 className="text-lg font-semibold text-slate-900">{t('home.contact.formTitle')}</h3>
      <p className="mt-1 mb-6 text-sm text-slate-600">{t('home.contact.formText')}</p>
      <LandingContactForm recipient={contactEmailInfo} productName={productName} />
    </div>
  );
}
