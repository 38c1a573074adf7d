/**
 * The contact forms make no server call: they open the visitor's mail client
 * with a prefilled message, written in the visitor's language. This module builds those mailto
 * URLs and holds the forms' messages (call them while handling the submit).
 */

import { t } from '../../lib/i18n';

export const requiredFieldsMessage = (): string => t('home.form.requiredFields');
export const mailClientOpenedMessage = (): string => t('home.form.mailOpened');
export const mailClientErrorMessage = (email: string): string => t('home.form.mailError', { email });

export interface MailtoParts {
  to: string;
  subject: string;
  body: string;
}

/** RFC 6068: line breaks in a mailto body are CRLF; every header value is percent-encoded. */
export function buildMailtoUrl({ to, subject, body }: MailtoParts): string {
  const address = encodeURIComponent(to.trim()).replace(/%40/g, '@');
  const query = `subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body.replace(/\r?\n/g, '\r\n'))}`;
  return `mailto:${address}?${query}`;
}

/** Hands the URL to the browser, which passes it to the visitor's mail client. */
export function openMailClient(url: string): void {
  window.location.href = url;
}

export type OpenMailClient = (url: string) => void;

/** True when every listed field holds more than white space. */
export function hasRequiredFields<K extends string>(values: Record<K, string>, required: readonly K[]): boolean {
  return required.every((key) => values[key].trim() !== '');
}

/** A choice's label, or 'Not specified' when none was made. */
const orNotSpecified = (label: string): string => label || t('home.mail.notSpecified');

/** A message's body: who sends it, the form's own lines, then the message. */
function mailBody(values: { name: string; email: string; message: string }, lines: readonly string[]): string {
  return [
    t('home.mail.name', { name: values.name.trim() }),
    t('home.mail.email', { email: values.email.trim() }),
    ...lines,
    '',
    t('home.mail.message'),
    values.message.trim(),
  ].join('\n');
}

// ---- Landing page form (/home) ----

/** The topics; each label is a message id. */
export const landingTopics = [
  { value: 'demo', label: 'home.form.topicDemo' },
  { value: 'pricing', label: 'home.form.topicPricing' },
  { value: 'support', label: 'home.form.topicSupport' },
  { value: 'partnership', label: 'home.form.topicPartnership' },
] as const;

export interface LandingContactValues {
  name: string;
  email: string;
  /** One of landingTopics' values, or '' when the visitor chose none. */
  topic: string;
  message: string;
}

export const emptyLandingContact: LandingContactValues = { name: '', email: '', topic: '', message: '' };
export const landingRequiredFields = ['name', 'email', 'message'] as const;

export function landingTopicLabel(topic: string): string {
  const label = landingTopics.find((o) => o.value === topic)?.label;
  return label ? t(label) : '';
}

export function buildLandingMailto(values: LandingContactValues, to: string, productName: string): string {
  const name = values.name.trim();
  const topic = landingTopicLabel(values.topic);
  const subject = topic ? t('home.mail.subjectTopic', { product: productName, topic, name }) : t('home.mail.subject', { product: productName, name });
  return buildMailtoUrl({ to, subject, body: mailBody(values, [t('home.mail.topic', { topic: orNotSpecified(topic) })]) });
}

// ---- Contact page form (/contact) ----

/** The categories; each label is a message id. */
export const contactCategories = [
  { value: 'support', label: 'marketing.contactForm.categorySupport' },
  { value: 'bug', label: 'marketing.contactForm.categoryBug' },
  { value: 'feature', label: 'marketing.contactForm.categoryFeature' },
  { value: 'partnership', label: 'marketing.contactForm.categoryPartnership' },
  { value: 'other', label: 'marketing.contactForm.categoryOther' },
] as const;

export interface ContactValues {
  name: string;
  email: string;
  subject: string;
  /** One of contactCategories' values, or '' when the user chose none. */
  category: string;
  message: string;
}

export const emptyContact: ContactValues = { name: '', email: '', subject: '', category: '', message: '' };
export const contactRequiredFields = ['name', 'email', 'subject', 'message'] as const;

export function contactCategoryLabel(category: string): string {
  const label = contactCategories.find((c) => c.value === category)?.label;
  return label ? t(label) : '';
}

export function buildContactMailto(values: ContactValues, to: string): string {
  const category = contactCategoryLabel(values.category);
  const subjectText = values.subject.trim();
  const subject = category ? `[${category}] ${subjectText}` : subjectText;
  return buildMailtoUrl({
    to,
    subject,
    body: mailBody(values, [t('marketing.mail.category', { category: orNotSpecified(category) }), t('marketing.mail.subject', { subject: subjectText })]),
  });
}
