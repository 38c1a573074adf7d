/**
 * What the assessed site is: the same company rates differently at its head office and at its
 * plant. Optional on every request; without it the engine assumes the activity's typical site
 * and the report says so. No zod here: the report's formatting (dashboard, PDF) reads it.
 */
export const SITE_TYPES = ['office', 'warehouse', 'plant', 'retail', 'construction', 'other'] as const;
export type SiteType = (typeof SITE_TYPES)[number];

/** Words for the screens and the PDF. */
export const SITE_TYPE_LABELS: Record<SiteType, string> = {
  office: 'Office',
  warehouse: 'Warehouse',
  plant: 'Plant',
  retail: 'Retail',
  construction: 'Construction site',
  other: 'Other',
};

/** A site type as people write it in a file or query: the English name in any case, 'Construction site' too. */
export function parseSiteType(text: string): SiteType | undefined {
  const t = text.trim().toLowerCase().replace(/\s+/g, ' ');
  if (t === 'construction site') return 'construction';
  return (SITE_TYPES as readonly string[]).includes(t) ? (t as SiteType) : undefined;
}

export const siteTypeErrors = {
  unknown: (value: string) =>
    `Unknown site type '${value}': use office, warehouse, plant, retail, construction or other (or leave it empty for the activity's typical site).`,
};

/** The site type a report used and whether it was assumed from the activity (not chosen). */
export function siteTypeText(type: SiteType, assumed: boolean): string {
  return `${SITE_TYPE_LABELS[type]} (${assumed ? 'assumed from the activity' : 'chosen'})`;
}
