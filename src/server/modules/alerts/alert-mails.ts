import type { MonitoringEventType } from '../../../shared/contracts/monitoring.js';
import { EVENT_TYPE_WORDS } from '../../../shared/event-type-labels.js';
import { renderMail } from '../../providers/mailer/layout.js';
import type { DigestPeriod } from './alert-rules.js';

/** The monitoring e-mails: one per urgent event, and the digest of the others. Plain text and HTML (the mail layout). */

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

const typeLabels: Record<MonitoringEventType, string> = {
  ...EVENT_TYPE_WORDS,
  vat_invalid: 'VAT number no longer valid',
  sanctions_cleared: 'Sanctions hit cleared',
};

export const typeLabel = (type: string) => typeLabels[type as MonitoringEventType] ?? type.replace(/_/g, ' ');

/** Status enum values read as words ('in_liquidation' → 'in liquidation'). */
const shown = (v: string | null) => (v === null || v === '' ? '—' : v.replace(/_/g, ' '));
const when = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
const day = (d: Date) => d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

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
const change = (e: AlertEvent) => `${shown(e.oldValue)} → ${shown(e.newValue)}`;
const footnote = (b: AlertBrand) =>
  `You receive this email because you monitor this company in a ${b.productName} portfolio. Change how often digests come in your profile: ${b.appUrl}/profile`;
const hello = (firstName: string) => (firstName.trim() ? `Hello ${firstName.trim()},` : 'Hello,');

export function immediateMail(b: AlertBrand, firstName: string, e: AlertEvent): RenderedMail {
  const sanctions = e.type === 'sanctions_hit';
  const subject = sanctions
    ? `Sanctions hit: ${e.companyName} (${e.fiscalNumber})`
    : `${e.companyName} (${e.fiscalNumber}) is now ${shown(e.newValue)}`;
  const report = reportUrl(b, e);
  return {
    subject: oneLine(subject),
    ...renderMail({
      ...b,
      preheader: sanctions ? 'A company you monitor matches a sanctions list entry.' : 'A company you monitor changed its status.',
      heading: sanctions ? 'New sanctions hit' : 'Company status changed',
      paragraphs: [
        hello(firstName),
        `Monitoring found a change that needs your attention in a company you watch.`,
        `Company: ${e.companyName}, VAT number ${e.fiscalNumber}`,
        sanctions ? `Sanctions hit: ${shown(e.newValue)}` : `${typeLabel(e.type)}: ${change(e)}`,
        `Detected: ${when(e.detectedAt)}`,
      ],
      action: { label: 'Open the latest report', url: report },
      after: [`All your monitoring events: ${eventsUrl(b)}`],
      footnote: footnote(b),
    }),
  };
}

/** The digest lists at most this many events; the counts cover them all. */
export const DIGEST_LIST_LIMIT = 20;

export function digestMail(b: AlertBrand, firstName: string, period: DigestPeriod, events: readonly AlertEvent[]): RenderedMail {
  const counts = new Map<string, number>();
  for (const e of events) counts.set(e.type, (counts.get(e.type) ?? 0) + 1);
  const lastDay = new Date(period.end.getTime() - 1);
  const span = period.frequency === 'daily' ? day(period.start) : `the week of ${day(period.start)} to ${day(lastDay)}`;
  const listed = events.slice(0, DIGEST_LIST_LIMIT);
  const n = events.length;
  return {
    subject: `Your ${period.frequency} monitoring digest: ${n} ${n === 1 ? 'change' : 'changes'}`,
    ...renderMail({
      ...b,
      preheader: `${n} ${n === 1 ? 'change' : 'changes'} in the companies you monitor.`,
      heading: period.frequency === 'daily' ? 'Your daily monitoring digest' : 'Your weekly monitoring digest',
      paragraphs: [
        hello(firstName),
        `Monitoring found ${n} ${n === 1 ? 'change' : 'changes'} in the companies you watch, for ${span}. Sanctions hits and companies becoming insolvent, dissolved or in liquidation were emailed to you at once and are not repeated here.`,
        ...[...counts].map(([type, count]) => `${typeLabel(type)}: ${count}`),
        ...listed.map((e) => `${e.companyName} (${e.fiscalNumber}), ${typeLabel(e.type).toLowerCase()}: ${change(e)}. Report: ${reportUrl(b, e)}`),
        ...(n > listed.length ? [`And ${n - listed.length} more: see them all in your events.`] : []),
      ],
      action: { label: 'Open your events', url: eventsUrl(b) },
      footnote: footnote(b),
    }),
  };
}
