import { lazy, Suspense, type ComponentType } from 'react';
import { Container } from '../../components/ui/container';
import { t, T } from '../../lib/i18n';
import { usePublicConfig } from '../../lib/public-config';
import { useNearViewport } from '../../lib/use-near-viewport';
import { SectionHeading } from './section-heading';

/** In place of the section's body when its code cannot be loaded (offline, or a deploy replaced the files). */
function ContactUnavailable() {
  const { contactEmailInfo } = usePublicConfig();
  return (
    <p className="mt-10 text-sm text-slate-600">
      <T
        id="home.contact.writeToUs"
        values={{ email: contactEmailInfo }}
        components={{ 0: <a href={`mailto:${contactEmailInfo}`} className="font-medium text-brand-700 hover:underline" /> }}
      />
    </p>
  );
}

// The section closes the landing page: its body (details, social links, the form with its
// validation and mailto) loads when the visitor scrolls towards it, not with the page.
type Body = Promise<{ ContactDetails: ComponentType; ContactFormCard: ComponentType }>;
const loadBody = (): Body => import('./home-contact-details').catch(() => ({ ContactDetails: ContactUnavailable, ContactFormCard: () => null }));
const ContactDetails = lazy(() => loadBody().then((m) => ({ default: m.ContactDetails })));
const ContactFormCard = lazy(() => loadBody().then((m) => ({ default: m.ContactFormCard })));

/** The landing page's contact section: promises, support hours, social links and the form. */
export function HomeContactSection() {
  const [near, sectionRef] = useNearViewport<HTMLElement>();
  return (
    <section ref={sectionRef} id="contact" aria-labelledby="home-contact-title" className="scroll-mt-20 bg-slate-50 py-20 sm:py-24">
      <Container className="grid gap-12 lg:grid-cols-[2fr_3fr] lg:gap-16">
        {/* The reserved heights keep the page from jumping when the body arrives. */}
        <div className="min-h-[33rem] sm:min-h-[31rem] lg:min-h-0">
          <SectionHeading
            id="home-contact-title"
            align="left"
            eyebrow={t('home.contact.eyebrow')}
            title={t('home.contact.title')}
            description={t('home.contact.description')}
          />
          {near && (
            <Suspense fallback={null}>
              <ContactDetails />
            </Suspense>
          )}
        </div>
        <div className="min-h-[44rem] sm:min-h-[36rem] md:min-h-[34.5rem] lg:min-h-[39rem] xl:min-h-[34.5rem]">
          {near && (
            <Suspense fallback={null}>
              <ContactFormCard />
            </Suspense>
          )}
        </div>
      </Container>
    </section>
  );
}
