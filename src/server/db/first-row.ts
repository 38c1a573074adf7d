/** The first row a select finds, or null: the select is cut to one row (`limit 1`). */
export async function firstRow<T>(query: { limit(n: number): PromiseLike<T[]> }): Promise<T | null> {
  const [row] = await query.limit(1);
  return row ?? null;
}
