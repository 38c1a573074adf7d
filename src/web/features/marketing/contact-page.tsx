import { ArrowRight, Clock, LayoutDashboard, LifeBuoy, Mail, MessageSquare, Package, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Container } from '../../components/ui/container';
import { localised, t } from '../../lib/i18n';
import { usePublicConfig } from '../../lib/public-config';
import { usePageMeta } from '../../lib/seo';
import { supportHours } from './contact-details';
import { ContactFaq } from './contact-faq';
import { ContactForm } from './contact-form';
import { PageHero } from './page-hero';
import { SectionHeading } from './section-heading';
import { SocialLinks } from './social-links';

// Label and text are message ids.
const QUICK_LINKS = [
  { to: '/features', label: 'marketing.contact.linkFeatures', text: 'marketing.contact.linkFeaturesText', icon: Sparkles },
  { to: '/products', label: 'marketing.contact.linkProducts', text: 'marketing.contact.linkProductsText', icon: Package },
  { to: '/dashboard', label: 'marketing.contact.linkDashboard', text: 'marketing.contact.linkDashboardText', icon: LayoutDashboard },
] as const;

function ContactItem({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">{icon}</span>
      <div className="min-w-0">
        <p className="text-sm font-semibold text-slate-900">{title}</p>
        <div className="mt-0.5 text-sm break-words text-slate-600">{children}</div>
      </div>
    </li>
  );
}

const mailLink = 'font-medium text-brand-700 hover:text-brand-900 hover:underline';

/** FAQ and contact form (/contact). */
export function ContactPage() {
  usePageMeta({ title: t('marketing.contact.metaTitle'), description: t('marketing.contact.metaDescription') });
  const { contactEmailInfo, contactEmailSupport } = usePublicConfig();

  return (
    <>
      <PageHero
        id="contact-title"
        eyebrow={t('marketing.contact.heroEyebrow')}
        title={t('marketing.contact.heroTitle')}
        description={t('marketing.contact.heroDescription')}
      />

      <section aria-labelledby="contact-form-title" className="bg-slate-50 py-16 sm:py-20">
        <Container className="grid gap-8 lg:grid-cols-[1fr_22rem] lg:gap-10">
          <div className="self-start rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
            <h2 id="contact-form-title" className="text-2xl font-bold tracking-tight text-slate-900">
              {t('marketing.contact.formTitle')}
            </h2>
            <p className="mt-2 mb-8 text-sm text-slate-600">{t('marketing.contact.formText')}</p>
            <ContactForm recipient={contactEmailSupport} />
          </div>

          <aside className="flex flex-col gap-6" aria-label={t('marketing.contact.asideLabel')}>
            <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <h2 className="text-lg font-semibold text-slate-900">{t('marketing.contact.infoTitle')}</h2>
              <ul className="mt-5 space-y-5">
                <ContactItem icon={<LifeBuoy className="size-4" aria-hidden="true" />} title={t('marketing.contact.support')}>
                  <a href={`mailto:${contactEmailSupport}`} className={mailLink}>
                    {contactEmailSupport}
                  </a>
                </ContactItem>
                <ContactItem icon={<Mail className="size-4" aria-hidden="true" />} title={t('marketing.contact.general')}>
                  <a href={`mailto:${contactEmailInfo}`} className={mailLink}>
                    {contactEmailInfo}
                  </a>
                </ContactItem>
                <ContactItem icon={<Clock className="size-4" aria-hidden="true" />} title={t('marketing.contact.supportHours')}>
                  {supportHours()}
                </ContactItem>
                <ContactItem icon={<MessageSquare className="size-4" aria-hidden="true" />} title={t('marketing.contact.responseTime')}>
                  {t('marketing.contact.responseTimeValue')}
                </ContactItem>
              </ul>
              <SocialLinks className="mt-6 border-t border-slate-100 pt-5" />
            </div>

            <nav aria-labelledby="quick-links-title" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <h2 id="quick-links-title" className="text-lg font-semibold text-slate-900">
                {t('marketing.contact.quickLinks')}
              </h2>
              <ul className="mt-4 -mx-2 space-y-1">
                {QUICK_LINKS.map(({ to, label, text, icon: Icon }) => (
                  <li key={to}>
                    <Link to={localised(to)} className="group flex items-center gap-3 rounded-lg px-2 py-2.5 hover:bg-slate-50">
                      <Icon className="size-5 shrink-0 text-brand-600" aria-hidden="true" />
                      <span className="min-w-0 flex-1">
                        <span className="block text-sm font-semibold text-slate-900 group-hover:text-brand-700">{t(label)}</span>
                        <span className="block text-xs text-slate-500">{t(text)}</span>
                      </span>
                      <ArrowRight className="size-4 shrink-0 text-slate-400 group-hover:text-brand-700" aria-hidden="true" />
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          </aside>
        </Container>
      </section>

      <section aria-labelledby="faq-title" className="bg-white py-16 sm:py-20">
        <Container className="max-w-3xl">
          <SectionHeading id="faq-title" eyebrow={t('marketing.contact.faqEyebrow')} title={t('marketing.contact.faqTitle')} />
          <div className="mt-10">
            <ContactFaq />
          </div>
        </Container>
      </section>
    </>
  );
}
