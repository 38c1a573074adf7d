import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Container } from './container';

/** The white band at the top of a signed-in page; `className` lays out what it holds. */
export function PageBand({ className, children }: { className: string; children: ReactNode }) {
  return (
    <section className="border-b border-slate-200 bg-white">
      <Container className={className}>{children}</Container>
    </section>
  );
}

/** A page's eyebrow line (its icon and section) above its h1. */
export function PageHeading({ icon: Icon, eyebrow, title }: { icon: LucideIcon; eyebrow: string; title: string }) {
  return (
    <>
      <p className="flex items-center gap-2 text-sm font-semibold tracking-wide text-brand-700 uppercase">
        <Icon className="size-4" aria-hidden /> {eyebrow}
      </p>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
    </>
  );
}

/** A page band with the page's heading and `intro` in a column, and `children` (its actions) beside them. */
export function PageHeader(props: { className: string; icon: LucideIcon; eyebrow: string; title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <PageBand className={props.className}>
      <div className="flex flex-col gap-2">
        <PageHeading icon={props.icon} eyebrow={props.eyebrow} title={props.title} />
        {props.intro}
      </div>
      {props.children}
    </PageBand>
  );
}
