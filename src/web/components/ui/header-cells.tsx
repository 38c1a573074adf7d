/** A table's column headers, one `th scope="col"` per name, all styled alike. */
export function HeaderCells({ names, className }: { names: readonly string[]; className: string }) {
  return (
    <>
      {names.map((name) => (
        <th key={name} scope="col" className={className}>
          {name}
        </th>
      ))}
    </>
  );
}
