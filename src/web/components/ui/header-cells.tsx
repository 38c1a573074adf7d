import type { ReactNode } from 'react';

/** A column header whose own classes replace the shared ones; `srOnly` names it for screen readers only. */
export interface HeaderCell {
  name: string;
  className?: string;
  srOnly?: boolean;
}

/** A table's column headers, one `th scope="col"` per name, styled alike unless a cell says otherwise. */
export function HeaderCells({ names, className }: { names: readonly (string | HeaderCell)[]; className: string }) {
  return (
    <>
      {names.map((cell) => {
        const { name, className: own, srOnly } = typeof cell === 'string' ? { name: cell } : cell;
        return (
          <th key={name} scope="col" className={own ?? className}>
            {srOnly ? <span className="sr-only">{name}</span> : name}
          </th>
        );
      })}
    </>
  );
}

export interface ColumnTableProps {
  /** Read by screen readers only. */
  caption: ReactNode;
  className: string;
  headClassName: string;
  columns: readonly (string | HeaderCell)[];
  /** The header cells' shared classes. */
  cellClassName: string;
  bodyClassName?: string;
  /** The body's rows. */
  children: ReactNode;
}

/** A table with a hidden caption and one header row of column names above the given rows. */
export function ColumnTable({ caption, className, headClassName, columns, cellClassName, bodyClassName = 'divide-y divide-slate-100', children }: ColumnTableProps) {
  return (
    <table className={className}>
      <caption className="sr-only">{caption}</caption>
      <thead className={headClassName}>
        <tr>
          <HeaderCells names={columns} className={cellClassName} />
        </tr>
      </thead>
      <tbody className={bodyClassName}>{children}</tbody>
    </table>
  );
}
