import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from './card';
import { LinkButton } from './link-button';

export interface CardSectionProps {
  /** The id of the h2, which names the section. */
  headingId: string;
  title: string;
  /** A '+' link beside the title ('New portfolio'), when there is one to show. */
  add?: { to: string; label: string } | false;
  cardClassName: string;
  /** The card's content. */
  children: ReactNode;
  /** Below the card, e.g. a link to the whole list. */
  after?: ReactNode;
}

/** A section of a signed-in page: an h2 (with an optional '+' link beside it) above a card. */
export function CardSection({ headingId, title, add, cardClassName, children, after }: CardSectionProps) {
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-3">
        <h2 id={headingId} className="text-xl font-semibold text-slate-900">
          {title}
        </h2>
        {add && (
          <LinkButton to={add.to} variant="ghost" size="sm">
            <Plus className="size-4" aria-hidden />
            {add.label}
          </LinkButton>
        )}
      </div>
      <Card className={cardClassName}>{children}</Card>
      {after}
    </section>
  );
}
