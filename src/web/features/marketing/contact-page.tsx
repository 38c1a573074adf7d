import { ArrowRight, Clock, LayoutDashboard, LifeBuoy, Mail, MessageSquare, Package, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Container } from '../../components/ui/container';
import { usePublicConfig } from '../../lib/public-config';
import { usePageMeta } from '../../lib/seo';
import { SUPPORT_HOURS } from './contact-details';
import { ContactFaq } from './contact-faq';
import { ContactForm } from './contact-form';
import { PageHero } from './page-hero';
import { SectionHeading } from './section-heading';
import { SocialLinks } from './social-links';
import contactCopy from './copy/contact.json';

const QUICK_LINKS = [
  { to: '/features', label: 'Features', text: 'What every report contains', icon: Sparkles },
  { to: '/products', label: 'Products and pricing', text: 'Plans, credits and billing', icon: Package },
  { to: '/dashboard', label: 'My Dashboard', text: 'Your plan, credits and tools', icon: LayoutDashboard },
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
  usePageMeta(contactCopy.meta);
  const { contactEmailInfo, contactEmailSupport } = usePublicConfig();

  return (
    <>
      <PageHero {...contactCopy.hero} />

      <section aria-labelledby="contact-form-title" className="bg-slate-50 py-16 sm:py-20">
        <Container className="grid gap-8 lg:grid-cols-[1fr_22rem] lg:gap-10">
          <div className="self-start rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
            <h2 id="contact-form-title" className="text-2xl font-bold tracking-tight text-slate-900">
              Send us a message
            </h2>
            <p className="mt-2 mb-8 text-sm text-slate-600">
              Our support team responds within 3 business days. Please do not include passwords or payment details.
            </p>
            <ContactForm recipient={contactEmailSupport} />
          </div>

          <aside className="flex flex-col gap-6" aria-label="Contact information and quick links">
            <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <h2 className="text-lg font-semibold text-slate-900">Contact information</h2>
              <ul className="mt-5 space-y-5">
                <ContactItem icon={<LifeBuoy className="size-4" aria-hidden="true" />} title="Support">
                  <a href={`mailto:${contactEmailSupport}`} className={mailLink}>
                    {contactEmailSupport}
                  </a>
                </ContactItem>
                <ContactItem icon={<Mail className="size-4" aria-hidden="true" />} title="General enquiries">
                  <a href={`mailto:${contactEmailInfo}`} className={mailLink}>
                    {contactEmailInfo}
                  </a>
                </ContactItem>
                <ContactItem icon={<Clock className="size-4" aria-hidden="true" />} title="Support hours">
                  {SUPPORT_HOURS}
                </ContactItem>
                <ContactItem icon={<MessageSquare className="size-4" aria-hidden="true" />} title="Response time">
                  Within 3 business days
                </ContactItem>
              </ul>
              <SocialLinks className="mt-6 border-t border-slate-100 pt-5" />
            </div>

            <nav aria-labelledby="quick-links-title" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <h2 id="quick-links-title" className="text-lg font-semibold text-slate-900">
                Quick links
              </h2>
              <ul className="mt-4 -mx-2 space-y-1">
                {QUICK_LINKS.map(({ to, label, text, icon: Icon }) => (
                  <li key={to}>
                    <Link to={to} className="group flex items-center gap-3 rounded-lg px-2 py-2.5 hover:bg-slate-50">
                      <Icon className="size-5 shrink-0 text-brand-600" aria-hidden="true" />
                      <span className="min-w-0 flex-1">
                        <span className="block text-sm font-semibold text-slate-900 group-hover:text-brand-700">{label}</span>
                        <span className="block text-xs text-slate-500">{text}</span>
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
          <SectionHeading id="faq-title" eyebrow="FAQ" title="Frequently asked questions" />
          <div className="mt-10">
            <ContactFaq />
          </div>
        </Container>
      </section>
    </>
  );
}
