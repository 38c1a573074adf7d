/**
 * The contact forms make no server call: they open the visitor's mail client
 * with a prefilled message. This module builds those mailto URLs and holds the forms' messages.
 */

export const REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields';
export const MAIL_CLIENT_OPENED_MESSAGE = 'Email client opened! Please send the email to complete your request.';
export const mailClientErrorMessage = (email: string): string =>
  `Error opening email client. Please email us directly at ${email}`;

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

const NOT_SPECIFIED = 'Not specified';

/** A message's body: who sends it, the form's own lines, then the message. */
function mailBody(values: { name: string; email: string; message: string }, lines: readonly string[]): string {
  return [`Name: ${values.name.trim()}`, `Email: ${values.email.trim()}`, ...lines, '', 'Message:', values.message.trim()].join('\n');
}

// ---- Landing page form (/home) ----

export const landingTopics = [
  { value: 'demo', label: 'Product Demo' },
  { value: 'pricing', label: 'Pricing' },
  { value: 'support', label: 'Technical Support' },
  { value: 'partnership', label: 'Partnership' },
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
  return landingTopics.find((t) => t.value === topic)?.label ?? '';
}

export function buildLandingMailto(values: LandingContactValues, to: string, productName: string): string {
  const name = values.name.trim();
  const topic = landingTopicLabel(values.topic);
  const subject = `${productName} inquiry${topic ? `: ${topic}` : ''} from ${name}`;
  return buildMailtoUrl({ to, subject, body: mailBody(values, [`Topic: ${topic || NOT_SPECIFIED}`]) });
}

// ---- Contact page form (/contact) ----

export const contactCategories = [
  { value: 'support', label: 'Technical Support' },
  { value: 'bug', label: 'Bug Report' },
  { value: 'feature', label: 'Feature Request' },
  { value: 'partnership', label: 'Partnership' },
  { value: 'other', label: 'Other' },
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
  return contactCategories.find((c) => c.value === category)?.label ?? '';
}

export function buildContactMailto(values: ContactValues, to: string): string {
  const category = contactCategoryLabel(values.category);
  const subjectText = values.subject.trim();
  const subject = category ? `[${category}] ${subjectText}` : subjectText;
  return buildMailtoUrl({ to, subject, body: mailBody(values, [`Category: ${category || NOT_SPECIFIED}`, `Subject: ${subjectText}`]) });
}
