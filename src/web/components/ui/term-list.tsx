import type { ReactNode } from 'react';

/** A description list whose terms and values are styled by the caller; each pair sits in its own div. */
export function TermList(props: {
  items: readonly { term: string; value: ReactNode }[];
  className: string;
  pair: string;
  term: string;
  value: string;
}) {
  return (
    <dl className={props.className}>
      {props.items.map((item) => (
        <div key={item.term} className={props.pair}>
          <dt className={props.term}>{item.term}</dt>
          <dd className={props.value}>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
