import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** An icon, a title and a short text: one item of the lists on the marketing and account screens. */
export interface IconItem {
  icon: LucideIcon;
  title: string;
  text: ReactNode;
}

/** How an IconList looks. The markup is always a list of items, each an icon, a title and a text. */
export interface IconListLook {
  list: string;
  item: string;
  icon: string;
  /** Classes of a span around the icon; without it the icon stands alone. */
  badge?: string;
  /** The element that holds the title and the text; without it they follow the icon. */
  body?: 'div' | 'span';
  title: readonly ['h3' | 'p' | 'span', string];
  text: readonly ['p' | 'span', string];
}

export function IconList({ items, look, labelledBy }: { items: readonly IconItem[]; look: IconListLook; labelledBy?: string }) {
  const [Title, titleClass] = look.title;
  const [Text, textClass] = look.text;
  const Body = look.body;
  return (
    <ul aria-labelledby={labelledBy} className={look.list}>
      {items.map(({ icon: Icon, title, text }) => {
        const icon = <Icon className={look.icon} aria-hidden="true" />;
        const words = (
          <>
            <Title className={titleClass}>{title}</Title>
            <Text className={textClass}>{text}</Text>
          </>
        );
        return (
          <li key={title} className={look.item}>
            {look.badge ? <span className={look.badge}>{icon}</span> : icon}
            {Body ? <Body>{words}</Body> : words}
          </li>
        );
      })}
    </ul>
  );
}

/** Items of a data file, each naming its icon, with the icons they name. */
export function withIcons(items: readonly { icon: string; title: string; text: string }[], icons: Record<string, LucideIcon>): IconItem[] {
  return items.map((item) => {
    const icon = icons[item.icon];
    if (!icon) throw new Error(`No icon ${item.icon} for '${item.title}'`);
    return { ...item, icon };
  });
}

/** Short lines, each after its small icon (what a report holds, a row's problems). */
export function IconLines(props: { lines: readonly { icon: LucideIcon; text: string }[]; className: string; item: string; icon: string }) {
  return (
    <ul className={props.className}>
      {props.lines.map(({ icon: Icon, text }) => (
        <li key={text} className={props.item}>
          <Icon className={props.icon} aria-hidden />
          <span>{text}</span>
        </li>
      ))}
    </ul>
  );
}
