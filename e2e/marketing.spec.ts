import { expect, test, type Page } from '@playwright/test';
import { parseMailto } from '../test/web/parse-mailto.js';
import { appReady } from './support/ready.js';

/** The public pages and the h1 each one renders. */
const PUBLIC_PAGES = [
  { path: '/home', heading: 'Company risk assessments in minutes, not weeks' },
  { path: '/features', heading: 'Everything you need to understand a company’s risk' },
  { path: '/about-us', heading: 'Making company risk clear for European insurance' },
  { path: '/methodology', heading: 'How Corisk rates a site' },
  { path: '/contact', heading: 'Contact Us' },
  { path: '/support/privacy-policy', heading: 'Privacy Policy' },
  { path: '/support/terms-of-service', heading: 'Terms of Service' },
] as const;

interface PublicConfig {
  contactEmailInfo: string;
  contactEmailSupport: string;
}

async function publicConfig(page: Page): Promise<PublicConfig> {
  const res = await page.request.get('/api/config');
  expect(res.ok()).toBe(true);
  return (await res.json()) as PublicConfig;
}

/** Chromium reports the hand-off of a mailto URL to the mail client as a (failing) request. */
function nextMailto(page: Page) {
  return page.waitForRequest((request) => request.url().startsWith('mailto:'));
}

for (const { path, heading } of PUBLIC_PAGES) {
  test(`${path} renders its heading and a '| Corisk' title`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page).toHaveTitle(/.+ \| Corisk$/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{40,}/);
  });

  test(`${path} fits a 360 px wide screen`, async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}

test.describe('server-rendered public pages', () => {
  for (const { path, heading } of [...PUBLIC_PAGES, { path: '/products', heading: 'Choose the plan that fits your book of business' }]) {
    test(`${path}: the HTML holds the page, and the app hydrates it in place`, async ({ page }) => {
      const html = await (await page.request.get(path)).text();
      expect(html).toMatch(/<div id="root">[\s\S]*<h1[\s\S]*<\/div><script src="\/app-loader\.js"/);
      expect(html).toContain(heading.split(' ').slice(0, 2).join(' '));
      expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
      // The heading painted from the HTML is the node the app keeps: hydrated, not rendered anew.
      await page.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => {
          (window as unknown as { firstHeading: Element | null }).firstHeading = document.querySelector('h1');
        });
      });
      const problems: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error' || msg.type() === 'warning') problems.push(msg.text());
      });
      page.on('pageerror', (err) => problems.push(err.message));
      await page.goto(path);
      await appReady(page);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { firstHeading: Element | null }).firstHeading === document.querySelector('h1'))).toBe(true);
      expect(problems).toEqual([]);
    });
  }

  test('a signed-out visitor sees the calls to action once the app has read the session', async ({ page }) => {
    await page.goto('/home');
    await appReady(page);
    await expect(page.getByRole('link', { name: 'Start Free Trial' })).toBeVisible();
  });
});

test.describe('landing page', () => {
  test('signed out, the call to action offers sign-up, Sign In and Schedule Demo', async ({ page }) => {
    await page.goto('/home');
    const cta = page.getByRole('region', { name: 'Run your first assessment today' });
    await expect(cta.getByRole('link', { name: 'Get Started Free' })).toHaveAttribute('href', '/auth/signup');
    await expect(cta.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth/signin');
    await expect(cta.getByRole('link', { name: 'Schedule Demo' })).toHaveAttribute('href', '/contact');
  });

  // The contact section's body loads as the visitor scrolls towards it, as a visitor does here.
  const scrollToContact = async (page: Page) => {
    const contact = page.getByRole('region', { name: 'Let’s talk about your risk workflow' });
    await contact.scrollIntoViewIfNeeded();
    return contact;
  };

  test('the contact section keeps its heading up front and loads its form on the way down', async ({ page }) => {
    await page.goto('/home');
    await appReady(page);
    await expect(page.getByRole('heading', { name: 'Company risk assessments in minutes, not weeks' })).toBeVisible();
    const contact = page.getByRole('region', { name: 'Let’s talk about your risk workflow' });
    await expect(contact).toBeAttached();
    await expect(page.getByRole('form', { name: 'Contact form' })).toHaveCount(0);
    await contact.scrollIntoViewIfNeeded();
    await expect(page.getByRole('form', { name: 'Contact form' })).toBeVisible();
  });

  test('shows support hours, the 24-hour promise and the social links', async ({ page }) => {
    await page.goto('/home');
    await appReady(page);
    const contact = await scrollToContact(page);
    await expect(contact.getByText('Mon-Fri 9AM-6PM CET')).toBeVisible();
    await expect(contact.getByText('Reply within 24 hours')).toBeVisible();
    await expect(contact.getByRole('link', { name: 'Corisk on LinkedIn' })).toHaveAttribute('href', /linkedin\.com/);
    await expect(contact.getByRole('link', { name: 'Corisk on X (Twitter)' })).toHaveAttribute('href', /x\.com/);
  });

  test('contact form: an empty submit shows the required-fields message', async ({ page }) => {
    await page.goto('/home');
    await appReady(page);
    await scrollToContact(page);
    const form = page.getByRole('form', { name: 'Contact form' });
    expect(await form.evaluate((el) => (el as HTMLFormElement).noValidate)).toBe(true);
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Please fill in all required fields')).toBeVisible();
  });

  test('contact form: opens a mailto to the info address with every field, confirms and clears', async ({ page }) => {
    const { contactEmailInfo } = await publicConfig(page);
    await page.goto('/home');
    await appReady(page);
    await scrollToContact(page);
    const form = page.getByRole('form', { name: 'Contact form' });
    await expect(form.getByLabel('Email')).toHaveAttribute('type', 'email');
    await form.getByLabel('Name').fill('Ana Sousa');
    await form.getByLabel('Email').fill('ana@broker.pt');
    await form.getByLabel('Topic').selectOption({ label: 'Product Demo' });
    await form.getByLabel('Message').fill('We insure 40 SMEs & want a demo.\nNext week?');

    const mailto = nextMailto(page);
    await form.getByRole('button', { name: 'Send Message' }).click();
    const mail = parseMailto((await mailto).url());

    expect(mail.protocol).toBe('mailto:');
    expect(mail.to).toBe(contactEmailInfo);
    expect(mail.subject).toContain('Product Demo');
    expect(mail.subject).toContain('Ana Sousa');
    expect(mail.body).toContain('Name: Ana Sousa');
    expect(mail.body).toContain('Email: ana@broker.pt');
    expect(mail.body).toContain('Topic: Product Demo');
    expect(mail.body).toContain('We insure 40 SMEs & want a demo.\r\nNext week?');

    await expect(page.getByText('Email client opened! Please send the email to complete your request.')).toBeVisible();
    await expect(form.getByLabel('Name')).toHaveValue('');
    await expect(form.getByLabel('Email')).toHaveValue('');
    await expect(form.getByLabel('Topic')).toHaveValue('');
    await expect(form.getByLabel('Message')).toHaveValue('');
    await expect(page).toHaveURL(/\/home$/);
  });
});

test.describe('contact page', () => {
  test('requires a subject and mails the support address with the category', async ({ page }) => {
    const { contactEmailSupport } = await publicConfig(page);
    await page.goto('/contact');
    await appReady(page);
    await expect(page.getByText('Within 3 business days', { exact: true })).toBeVisible();
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByLabel('Name').fill('Jan de Vries');
    await form.getByLabel('Email').fill('jan@verzekeraar.nl');
    await form.getByLabel('Message').fill('The PDF download is empty.');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Please fill in all required fields')).toBeVisible();

    await form.getByLabel('Subject').fill('PDF export');
    await form.getByLabel('Category').selectOption({ label: 'Bug Report' });
    const mailto = nextMailto(page);
    await form.getByRole('button', { name: 'Send Message' }).click();
    const mail = parseMailto((await mailto).url());
    expect(mail.to).toBe(contactEmailSupport);
    expect(mail.subject).toBe('[Bug Report] PDF export');
    expect(mail.body).toContain('Name: Jan de Vries');
    expect(mail.body).toContain('Email: jan@verzekeraar.nl');
    expect(mail.body).toContain('Category: Bug Report');
    expect(mail.body).toContain('The PDF download is empty.');
    await expect(page.getByText('Email client opened! Please send the email to complete your request.')).toBeVisible();
    await expect(form.getByLabel('Subject')).toHaveValue('');
  });

  test('the FAQ answers open and close from the keyboard', async ({ page }) => {
    await page.goto('/contact');
    await appReady(page);
    const question = page.getByRole('button', { name: 'How many assessments can I run?' });
    await expect(question).toHaveAttribute('aria-expanded', 'false');
    await question.focus();
    await page.keyboard.press('Enter');
    await expect(question).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText('Each assessment uses 1 credit.')).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(question).toHaveAttribute('aria-expanded', 'false');
  });

  test('quick links lead to features, products and the dashboard', async ({ page }) => {
    await page.goto('/contact');
    await appReady(page);
    const links = page.getByRole('navigation', { name: 'Quick links' });
    await expect(links.getByRole('link', { name: /Features/ })).toHaveAttribute('href', '/features');
    await expect(links.getByRole('link', { name: /Products and pricing/ })).toHaveAttribute('href', '/products');
    await expect(links.getByRole('link', { name: /My Dashboard/ })).toHaveAttribute('href', '/dashboard');
  });
});

test('features page: sign-up and pricing calls to action when signed out', async ({ page }) => {
  await page.goto('/features');
  await expect(page.getByText('How It Works', { exact: true })).toBeVisible();
  for (const step of ['Enter company info', 'AI analysis', 'Risk calculation', 'Get report']) {
    await expect(page.getByRole('heading', { level: 3, name: new RegExp(step) })).toBeVisible();
  }
  const hero = page.getByRole('region', { name: 'Everything you need to understand a company’s risk' });
  await expect(hero.getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute('href', '/auth/signup');
  await expect(hero.getByRole('link', { name: 'View Pricing' })).toHaveAttribute('href', '/products');
});

test.describe('methodology page', () => {
  test('opens from the footer and from the Features page', async ({ page }) => {
    await page.goto('/home');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Methodology' }).click();
    await expect(page).toHaveURL(/\/methodology$/);
    await expect(page.getByRole('heading', { level: 1, name: 'How Corisk rates a site' })).toBeVisible();

    await page.goto('/features');
    await page.getByRole('link', { name: 'Read the methodology' }).click();
    await expect(page).toHaveURL(/\/methodology$/);
    await expect(page.getByRole('heading', { level: 1, name: 'How Corisk rates a site' })).toBeVisible();
    await expect(page).toHaveTitle('Methodology | Corisk');
  });

  test('the contents jump to a section and the volcanic hazard is explained', async ({ page }) => {
    await page.goto('/methodology');
    // Before the app runs, the link jumps as a plain anchor; the app also moves focus to the heading.
    await appReady(page);
    await page.getByRole('navigation', { name: 'On this page' }).getByRole('link', { name: 'Limits' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Limits' })).toBeFocused();
    await expect(page.getByRole('heading', { level: 3, name: 'Volcanic Activity' })).toBeAttached();
  });

  test('loads its code as its own chunk, hinted by the server', async ({ page }) => {
    // Preload hints, or on a server-rendered page the modules its loader starts after the first paint.
    const hints = async (path: string) => {
      const html = await (await page.request.get(path)).text();
      const links = [...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]!);
      const loaded = /data-modules="([^"]+)"/.exec(html)?.[1]?.split(' ') ?? [];
      return [...links, ...loaded];
    };
    const home = await hints('/home');
    const own = (await hints('/methodology')).filter((h) => !home.includes(h));
    expect(own.length).toBeGreaterThan(0);
    for (const file of own) expect((await page.request.get(file)).ok()).toBe(true);
  });
});

test('legal pages: the contents jump to a section', async ({ page }) => {
  await page.goto('/support/privacy-policy');
  await appReady(page);
  await expect(page.getByText(/Last updated:/)).toBeVisible();
  await page.getByRole('navigation', { name: 'Contents' }).getByRole('link', { name: 'Your rights' }).last().click();
  await expect(page.getByRole('heading', { name: '8. Your rights' })).toBeFocused();
  await expect(page).toHaveURL(/\/support\/privacy-policy$/);
});
