import { describe, expect, it } from 'vitest';
import { pricesResponseSchema } from '../../../shared/contracts/billing';
import { pricesFixture } from '../../../../test/web/billing-harness';
import { parsePricesResponse } from './prices-check';

/** A prices answer as plain JSON, free to break. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests reshape it at will
type Loose = any;

/** Answers the contract refuses, each a small change to a valid one. */
function malformed(): [string, unknown][] {
  const edit = (change: (a: Loose) => void) => {
    const answer: Loose = structuredClone(pricesFixture());
    change(answer);
    return answer;
  };
  return [
    ['not an object', 'prices'],
    ['null', null],
    ['an array', []],
    ['success false', edit((a) => (a.success = false))],
    ['another currency', edit((a) => (a.currency = 'USD'))],
    ['no data', edit((a) => delete a.data)],
    ['a plan missing', edit((a) => delete a.data.premium)],
    ['a title that is a number', edit((a) => (a.data.basic.title = 1))],
    ['highlight as a string', edit((a) => (a.data.basic.highlight = 'yes'))],
    ['a price as a string', edit((a) => (a.data.basic.prices.month = '29'))],
    ['a yearly price missing', edit((a) => delete a.data.enterprise.prices.year)],
    ['a price id as a number', edit((a) => (a.data.basic.price_ids.year = 5))],
    ['fractional credits', edit((a) => (a.data.basic.credits.month = 1.5))],
    ['a feature that is not a string', edit((a) => a.data.premium.features.push(3))],
    ['features not an array', edit((a) => (a.data.premium.base_features = 'all'))],
    ['no route', edit((a) => delete a.data.basic.route)],
    ['cached_at as a number', edit((a) => (a.cached_at = 0))],
    ['no cached_at', edit((a) => delete a.cached_at)],
  ];
}

describe('parsePricesResponse', () => {
  it('accepts what the contract accepts and returns the same data', () => {
    const answer = pricesFixture();
    expect(parsePricesResponse(answer)).toEqual(pricesResponseSchema.parse(answer));
    const nullable: Loose = structuredClone(answer);
    nullable.cached_at = null;
    nullable.data.basic.price_ids.month = null;
    expect(parsePricesResponse(nullable)).toEqual(pricesResponseSchema.parse(nullable));
  });

  it('drops fields the contract does not know, as the contract does', () => {
    const answer: Loose = { ...structuredClone(pricesFixture()), extra: 1 };
    answer.data.basic.secret = 'x';
    expect(parsePricesResponse(answer)).toEqual(pricesResponseSchema.parse(answer));
    expect(parsePricesResponse(answer)).not.toHaveProperty('extra');
  });

  it.each(malformed())('refuses an answer with %s, like the contract', (_, answer) => {
    expect(pricesResponseSchema.safeParse(answer).success).toBe(false);
    expect(() => parsePricesResponse(answer)).toThrow();
  });
});
