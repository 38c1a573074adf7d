import type { MouseEvent } from 'react';

/** Scrolls to the section's heading (`${id}-title`) and moves focus to it, without a router navigation. */
function jumpTo(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const heading = document.getElementById(`${id}-title`);
  if (!heading) return;
  event.preventDefault();
  heading.scrollIntoView({ behavior: 'smooth', block: 'start' });
  heading.focus({ preventScroll: true });
}

/** A long page's numbered table of contents: one link per section, to its id. */
export function ContentsList({
  sections,
  className,
  numberClassName,
}: {
  sections: readonly { id: string; title: string }[];
  className: string;
  numberClassName: string;
}) {
  return (
    <ol className={className}>
      {sections.map((section, index) => (
        <li key={section.id}>
          <a
            href={`#${section.id}`}
            onClick={(event) => jumpTo(event, section.id)}
            className="flex gap-2 rounded-md px-2 py-1.5 text-slate-600 hover:bg-slate-100 hover:text-brand-800"
          >
            <span className={numberClassName}>{index + 1}.</span>
            <span>{section.title}</span>
          </a>
        </li>
      ))}
    </ol>
  );
}
