import { Clock, Mail, MessageSquare } from 'lucide-react';
import type { ReactNode } from 'react';
import { Container } from '../../components/ui/container';
import { usePublicConfig } from '../../lib/public-config';
import { SUPPORT_HOURS } from './contact-details';
import { LandingContactForm } from './landing-contact-form';
import { SectionHeading } from './section-heading';
import { SocialLinks } from './social-links';

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

/** The landing page's contact section: promises, support hours, social links and the form. */
export function HomeContactSection() {
  const { contactEmailInfo, productName } = usePublicConfig();
  return (
    <section id="contact" aria-labelledby="home-contact-title" className="scroll-mt-20 bg-slate-50 py-20 sm:py-24">
      <Container className="grid gap-12 lg:grid-cols-[2fr_3fr] lg:gap-16">
        <div>
          <SectionHeading
            id="home-contact-title"
            align="left"
            eyebrow="Contact"
            title="Let’s talk about your risk workflow"
            description="Questions about a demo, pricing or a partnership? Send us a message and we will get back to you within 24 hours."
          />
          <ul className="mt-10 space-y-6">
            <InfoItem icon={<MessageSquare className="size-5" aria-hidden="true" />} title="Reply within 24 hours">
              Every message is answered by our team, not a bot.
            </InfoItem>
            <InfoItem icon={<Clock className="size-5" aria-hidden="true" />} title="Support hours">
              {SUPPORT_HOURS}
            </InfoItem>
            <InfoItem icon={<Mail className="size-5" aria-hidden="true" />} title="Email">
              <a href={`mailto:${contactEmailInfo}`} className="font-medium text-brand-700 hover:text-brand-900 hover:underline">
                {contactEmailInfo}
              </a>
            </InfoItem>
          </ul>
          <div className="mt-10">
            <p className="text-sm font-semibold text-slate-900">Follow us</p>
            <SocialLinks className="mt-3" />
          </div>
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h3 className="text-lg font-semibold text-slate-900">Send us a message</h3>
          <p className="mt-1 mb-6 text-sm text-slate-600">A demo, a quote for your team or a technical question — tell us what you need.</p>
          <LandingContactForm recipient={contactEmailInfo} productName={productName} />
        </div>
      </Container>
    </section>
  );
}
