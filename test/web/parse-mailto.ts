/** Splits a mailto URL into its address and decoded subject and body (unit tests and e2e). */
export function parseMailto(url: string) {
  const parsed = new URL(url);
  return {
    protocol: parsed.protocol,
    to: decodeURIComponent(parsed.pathname),
    subject: parsed.searchParams.get('subject') ?? '',
    body: parsed.searchParams.get('body') ?? '',
  };
}
