import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { ContentsList } from '../../components/ui/contents-list';
import { Link } from 'react-router';
import { Container } from '../../components/ui/container';
import { ColumnTable } from '../../components/ui/header-cells';
import { formatLongDate } from '../../../shared/i18n/format';
import { localised, T, t, useLocale } from '../../lib/i18n';

/** Date shown as 'Last updated' on the legal documents (written out in the reader's language). */
export const LEGAL_LAST_UPDATED_ISO = '2026-11-27';

export interface LegalSection {
  id: string;
  title: string;
  content: ReactNode;
}

export interface LegalDocumentProps {
  title: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
  /** The other legal document, linked at the end: its page and the message linking it (`<0>…</0>`). */
  related: { to: string; id: string };
  /** What changed on the last update (translated texts), listed under its date. */
  changes?: readonly string[];
}

function TableOfContents({ sections }: { sections: readonly LegalSection[] }) {
  return <ContentsList sections={sections} className="space-y-1 text-sm" numberClassName="w-5 shrink-0 text-right text-slate-500 tabular-nums" />;
}

/** Layout of the privacy policy and the terms: header, table of contents and numbered sections. */
export function LegalDocument({ title, intro, sections, related, changes }: LegalDocumentProps) {
  const locale = useLocale();
  return (
    <>
      <section aria-labelledby="legal-title" className="border-b border-slate-200 bg-slate-50">
        <Container className="py-12 sm:py-16">
          <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">{t('legal.document.eyebrow')}</p>
          <h1 id="legal-title" className="mt-2 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
            {title}
          </h1>
          <p className="mt-4 text-sm text-slate-500">
            <T
              id="legal.document.lastUpdated"
              values={{ date: formatLongDate(LEGAL_LAST_UPDATED_ISO, locale) }}
              components={{ 0: <time dateTime={LEGAL_LAST_UPDATED_ISO} /> }}
            />
          </p>
          {changes && changes.length > 0 && (
            <div className="mt-3 max-w-3xl text-sm text-slate-600">
              <p className="font-semibold text-slate-700">{t('legal.document.whatChanged')}</p>
              <ul className="mt-1 list-disc space-y-1 pl-5 marker:text-slate-400">
                {changes.map((change) => (
                  <li key={change}>{change}</li>
                ))}
              </ul>
            </div>
          )}
          <div className="mt-6 max-w-3xl space-y-3 text-base leading-relaxed text-slate-700">{intro}</div>
        </Container>
      </section>

      <Container className="grid gap-10 py-12 sm:py-16 lg:grid-cols-[16rem_1fr] lg:gap-14">
        <nav aria-label={t('legal.document.contents')} className="lg:sticky lg:top-24 lg:max-h-[calc(100vh-7rem)] lg:self-start lg:overflow-y-auto">
          <details className="group rounded-xl border border-slate-200 bg-white p-2 lg:hidden">
            <summary className="flex cursor-pointer list-none items-center justify-between rounded-md px-2 py-1.5 text-sm font-semibold text-slate-900 [&::-webkit-details-marker]:hidden">
              {t('legal.document.contents')}
              <ChevronDown className="size-4 text-slate-500 transition-transform group-open:rotate-180" aria-hidden="true" />
            </summary>
            <div className="mt-2">
              <TableOfContents sections={sections} />
            </div>
          </details>
          <div className="hidden lg:block">
            <p className="px-2 pb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">{t('legal.document.onThisPage')}</p>
            <TableOfContents sections={sections} />
          </div>
        </nav>

        <article className="min-w-0 max-w-3xl">
          {sections.map((section, index) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="scroll-mt-24 pb-10">
              <h2 id={`${section.id}-title`} tabIndex={-1} className="scroll-mt-24 text-xl font-bold tracking-tight text-slate-900 sm:text-2xl">
                {index + 1}. {section.title}
              </h2>
              <div className="mt-4 space-y-4 text-[15px] leading-relaxed text-slate-700">{section.content}</div>
            </section>
          ))}
          <p className="border-t border-slate-200 pt-6 text-sm text-slate-600">
            <T id={related.id} components={{ 0: <Link to={localised(related.to)} className="font-medium text-brand-700 underline hover:text-brand-900" /> }} />
          </p>
        </article>
      </Container>
    </>
  );
}

/** A bulleted list in a legal section. */
export function LegalList({ children }: { children: ReactNode }) {
  return <ul className="list-disc space-y-2 pl-5 marker:text-slate-400">{children}</ul>;
}

/** A sub-heading inside a legal section. */
export function LegalSubheading({ children }: { children: ReactNode }) {
  return <h3 className="pt-2 text-base font-semibold text-slate-900">{children}</h3>;
}

export interface LegalTableProps {
  caption: string;
  head: readonly string[];
  rows: readonly (readonly ReactNode[])[];
}

/** A table that scrolls sideways on narrow screens (focusable, so keyboard users can scroll it too). */
export function LegalTable({ caption, head, rows }: LegalTableProps) {
  return (
    <div role="region" aria-label={caption} tabIndex={0} className="overflow-x-auto rounded-xl border border-slate-200">
      <ColumnTable
        caption={caption}
        className="w-full min-w-[36rem] border-collapse text-left text-sm"
        headClassName="bg-slate-50 text-slate-900"
        columns={head}
        cellClassName="px-4 py-3 font-semibold"
        bodyClassName="divide-y divide-slate-200"
      >
        {rows.map((row, i) => (
          <tr key={i} className="align-top">
            {row.map((cell, j) => (
              <td key={j} className="px-4 py-3 text-slate-700">
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </ColumnTable>
    </div>
  );
}

const linkClass = 'font-medium text-brand-700 underline hover:text-brand-900';

/** An e-mail address as a mailto link. */
export function MailLink({ email }: { email: string }) {
  return (
    <a href={`mailto:${email}`} className={linkClass}>
      {email}
    </a>
  );
}

/** The last section of the privacy policy and the terms: whom to ask, then the Contact page (a translated sentence). */
export function contactSection(text: ReactNode): LegalSection {
  return {
    id: 'contact',
    title: t('legal.document.contactTitle'),
    content: <p>{text}</p>,
  };
}

/** A link to another page of the site (in the reader's language), in the legal texts' link style; `<T>` gives its words. */
export function LegalLink({ to, children }: { to: string; children?: ReactNode }) {
  return (
    <Link to={localised(to)} className={linkClass}>
      {children}
    </Link>
  );
}
