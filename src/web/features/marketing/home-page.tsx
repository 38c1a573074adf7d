import { t } from '../../lib/i18n';
import { usePageMeta } from '../../lib/seo';
import { HomeContactSection } from './home-contact-section';
import { HomeHero } from './home-hero';
import { HomeCallToAction, HomeFeatures, WhyChooseUs } from './home-sections';

/** Landing page (/home): hero, why choose us, features, call to action, contact form. */
export function HomePage() {
  usePageMeta({
    title: t('home.meta.title'),
    description: t('home.meta.description'),
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
