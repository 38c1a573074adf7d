import type { PricesResponse, PricingPlan } from '../../../shared/contracts/billing';
import { planTiers } from '../../../shared/plans';

/**
 * The prices answer (GET /api/stripe/prices) checked by hand, to the same rules as the shared
 * contract's pricesResponseSchema: the pricing page validates it without loading zod (90 KB) on its
 * first paint. Throws on any mismatch; returns a copy with the contract's fields only.
 * prices-check.test.ts holds it to the zod schema.
 */
type Dict = Record<string, unknown>;

class PricesShapeError extends Error {}

const fail = (where: string): never => {
  throw new PricesShapeError(`Invalid prices answer at ${where}`);
};
const isDict = (v: unknown): v is Dict => typeof v === 'object' && v !== null && !Array.isArray(v);
const dict = (v: unknown, where: string): Dict => (isDict(v) ? v : fail(where));
const str = (v: unknown, where: string): string => (typeof v === 'string' ? v : fail(where));
const bool = (v: unknown, where: string): boolean => (typeof v === 'boolean' ? v : fail(where));
const num = (v: unknown, where: string): number => (typeof v === 'number' && Number.isFinite(v) ? v : fail(where));
const int = (v: unknown, where: string): number => (Number.isSafeInteger(v) ? (v as number) : fail(where));
const strOrNull = (v: unknown, where: string): string | null => (v === null ? null : str(v, where));
const strings = (v: unknown, where: string): string[] =>
  Array.isArray(v) ? v.map((s, i) => str(s, `${where}[${i}]`)) : fail(where);
const perPeriod = <T>(v: unknown, where: string, value: (v: unknown, where: string) => T) => {
  const o = dict(v, where);
  return { month: value(o.month, `${where}.month`), year: value(o.year, `${where}.year`) };
};

function pricingPlan(v: unknown, where: string): PricingPlan {
  const o = dict(v, where);
  const at = (key: string) => `${where}.${key}`;
  return {
    title: str(o.title, at('title')),
    audience: str(o.audience, at('audience')),
    description: str(o.description, at('description')),
    color: str(o.color, at('color')),
    highlight: bool(o.highlight, at('highlight')),
    coming_soon: bool(o.coming_soon, at('coming_soon')),
    prices: perPeriod(o.prices, at('prices'), num),
    price_ids: perPeriod(o.price_ids, at('price_ids'), strOrNull),
    credits: perPeriod(o.credits, at('credits'), int),
    base_features: strings(o.base_features, at('base_features')),
    additional_features: strings(o.additional_features, at('additional_features')),
    features: strings(o.features, at('features')),
    route: str(o.route, at('route')),
  };
}

export function parsePricesResponse(data: unknown): PricesResponse {
  const o = dict(data, 'answer');
  if (o.success !== true) fail('success');
  if (o.currency !== 'EUR') fail('currency');
  const plans = dict(o.data, 'data');
  const [basic, premium, enterprise] = planTiers.map((tier) => pricingPlan(plans[tier], `data.${tier}`));
  return {
    success: true,
    data: { basic: basic!, premium: premium!, enterprise: enterprise! },
    currency: 'EUR',
    cached_at: strOrNull(o.cached_at, 'cached_at'),
  };
}

/** The check as a response schema (for apiJson). */
export const pricesResponseCheck = { parse: parsePricesResponse };
