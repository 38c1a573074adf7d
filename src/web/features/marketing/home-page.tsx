import { usePageMeta } from '../../lib/seo';
import { HomeContactSection } from './home-contact-section';
import { HomeHero } from './home-hero';
import { HomeCallToAction, HomeFeatures, WhyChooseUs } from './home-sections';

/** Landing page (/home): hero, why choose us, features, call to action, contact form. */
export function HomePage() {
  usePageMeta({
    title: 'AI Company Risk Assessment for Insurers',
    description:
      'Assess any European company by fiscal number: location and industry risks, an overall grade from A to F, key takeaways for insurers and a PDF report in minutes.',
  });
  return (
    <>
      <HomeHero />
      <WhyChooseUs />
      <HomeFeatures />
      <HomeCallToAction />
      <HomeContactSection />
    </>
  );
}
