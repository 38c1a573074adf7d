import { companyStatusSchema, type CompanyStatus } from '../../../shared/contracts/assessment.js';
import { monitoringEventTypeSchema, type MonitoringEventType } from '../../../shared/contracts/monitoring.js';
import { formatDocumentDateTime, formatLongDate } from '../../../shared/i18n/format.js';
import type { Locale } from '../../../shared/i18n/locales.js';
import { hello, writeMail, type MailText } from '../../providers/mailer/mail-text.js';
import type { DigestPeriod } from './alert-rules.js';

/** The monitoring e-mails, in the reader's language: one per urgent event, and the digest of the others. Plain text and HTML (the mail layout). */

export interface AlertBrand {
  productName: string;
  appUrl: string;
}

/** What a mail says about one event (the event as alerts keep it). */
export interface AlertEvent {
  type: MonitoringEventType | string;
  companyName: string;
  fiscalNumber: string;
  oldValue: string | null;
  newValue: string | null;
  detectedAt: Date;
  portfolioId: string;
  reportId: string | null;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** An event type in the reader's words; an unknown type as its own words. */
export const typeLabel = (t: MailText, type: string): string =>
  (monitoringEventTypeSchema.options as readonly string[]).includes(type) ? t(`event.${type as MonitoringEventType}`) : type.replace(/_/g, ' ');

/** A value as the mail shows it: a company status in the reader's words, any other value as it is. */
function shown(t: MailText, v: string | null): string {
  if (v === null || v === '') return '—';
  return (companyStatusSchema.options as readonly string[]).includes(v) ? t(`status.${v as CompanyStatus}`) : v.replace(/_/g, ' ');
}

export const eventsUrl = (b: AlertBrand) => `${b.appUrl}/events`;
/** The row's latest report as the web app opens it; the portfolio when the event names none. */
export function reportUrl(b: AlertBrand, e: Pick<AlertEvent, 'portfolioId' | 'reportId'>): string {
  const portfolio = encodeURIComponent(e.portfolioId);
  return e.reportId
    ? `${b.appUrl}/products/risk-assessment?report=${encodeURIComponent(e.reportId)}&portfolio=${portfolio}`
    : `${b.appUrl}/portfolio/${portfolio}`;
}

/** Register text in a header: one line, bounded. */
const oneLine = (s: string) =>
  [...s]
    .map((c) => (c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127 ? ' ' : c))
    .join('')
    .replace(/ {2,}/g, ' ')
    .slice(0, 200);
const change = (t: MailText, e: AlertEvent) => `${shown(t, e.oldValue)} → ${shown(t, e.newValue)}`;
const footnote = (t: MailText, b: AlertBrand) => t('alert.footnote', { productName: b.productName, url: `${b.appUrl}/profile` });

export function immediateMail(b: AlertBrand, locale: Locale, firstName: string, e: AlertEvent): RenderedMail {
  const sanctions = e.type === 'sanctions_hit';
  const company = { company: e.companyName, vatNumber: e.fiscalNumber };
  return writeMail(b, locale, (t) => ({
    subject: oneLine(sanctions ? t('alert.sanctionsSubject', company) : t('alert.statusSubject', { ...company, value: shown(t, e.newValue) })),
    preheader: t(sanctions ? 'alert.sanctionsPreheader' : 'alert.statusPreheader'),
    heading: t(sanctions ? 'alert.sanctionsHeading' : 'alert.statusHeading'),
    paragraphs: [
      hello(t, firstName),
      t('alert.intro'),
      t('alert.company', company),
      sanctions ? t('alert.sanctionsLine', { value: shown(t, e.newValue) }) : t('alert.changeLine', { label: typeLabel(t, e.type), change: change(t, e) }),
      t('alert.detected', { when: formatDocumentDateTime(e.detectedAt, locale) }),
    ],
    action: { label: t('alert.action'), url: reportUrl(b, e) },
    after: [t('alert.allEvents', { url: eventsUrl(b) })],
    footnote: footnote(t, b),
  }));
}

/** The digest lists at most this many events; the counts cover them all. */
export const DIGEST_LIST_LIMIT = 20;

export function digestMail(b: AlertBrand, locale: Locale, firstName: string, period: DigestPeriod, events: readonly AlertEvent[]): RenderedMail {
  const counts = new Map<string, number>();
  for (const e of events) counts.set(e.type, (counts.get(e.type) ?? 0) + 1);
  const lastDay = new Date(period.end.getTime() - 1);
  const listed = events.slice(0, DIGEST_LIST_LIMIT);
  const count = events.length;
  const frequency = period.frequency;
  // Mid-sentence a label starts in lower case ('status changed'), except an acronym ('VAT number
  // …') and in German, whose nouns keep their capital ('Status geändert').
  const inSentence = (label: string) =>
    locale === 'de' || /^\p{Lu}{2}/u.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1);
  return writeMail(b, locale, (t) => ({
    subject: t('digest.subject', { frequency, count }),
    preheader: t('digest.preheader', { count }),
    heading: t('digest.heading', { frequency }),
    paragraphs: [
      hello(t, firstName),
      t('digest.body', {
        count,
        span: frequency === 'daily' ? formatLongDate(period.start, locale) : t('digest.week', { start: formatLongDate(period.start, locale), end: formatLongDate(lastDay, locale) }),
      }),
      ...[...counts].map(([type, n]) => t('digest.count', { label: typeLabel(t, type), count: n })),
      ...listed.map((e) =>
        t('digest.item', { company: e.companyName, vatNumber: e.fiscalNumber, label: inSentence(typeLabel(t, e.type)), change: change(t, e), url: reportUrl(b, e) }),
      ),
      ...(count > listed.length ? [t('digest.more', { count: count - listed.length })] : []),
    ],
    action: { label: t('digest.action'), url: eventsUrl(b) },
    footnote: footnote(t, b),
  }));
}
