import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * Signed company links (OWASP ASVS 12.6, no server-side request forgery): the search call
 * (10) issues a link per source that knows the company, the scrape call (11) accepts only
 * links this server signed, for the same user, before they expire. A link names a source and
 * a VAT number; the server never fetches the link itself, it asks its own provider for that
 * source and number.
 *
 * Form: `{appUrl}/api/companies/{source}/{VAT}?exp={unix seconds}&sig={base64url HMAC-SHA256}`.
 * The HMAC covers a version tag, the user id (not in the URL), the source, the VAT number and
 * the expiry, under a key derived from the JWT secret (HKDF, its own purpose label), so a link
 * key never signs tokens and a token key never signs links.
 */

export interface CompanyLink {
  source: string;
  /** Full VAT number with its prefix, e.g. 'PT501964843', 'EL094019245'. */
  vatNumber: string;
  /** Unix seconds. */
  expiresAt: number;
}

export type LinkProblem = 'malformed' | 'foreign' | 'bad_signature' | 'expired';

export class LinkVerificationError extends Error {
  constructor(readonly problem: LinkProblem) {
    super(`company link refused: ${problem}`);
    this.name = 'LinkVerificationError';
  }
}

const VERSION = 'corisk-company-link/v1';
const SOURCE_RE = /^[a-z][a-z0-9-]{0,31}$/;
const VAT_RE = /^[A-Z]{2}[0-9A-Z+*]{2,14}$/;
const SIG_RE = /^[A-Za-z0-9_-]{43}$/;

export interface SignedLinksOptions {
  /** The public base URL (APP_URL) the links are issued under. */
  baseUrl: string;
  /** The JWT secret; the link key is derived from it. */
  secret: string;
  /** How long a link stays valid. */
  ttlS?: number;
  now?: () => number;
}

export class SignedLinks {
  private readonly key: Buffer;
  private readonly origin: string;
  private readonly basePath: string;
  private readonly ttlS: number;
  private readonly now: () => number;

  constructor(options: SignedLinksOptions) {
    this.key = Buffer.from(hkdfSync('sha256', options.secret, 'corisk', VERSION, 32));
    const base = new URL(options.baseUrl);
    this.origin = base.origin;
    this.basePath = `${base.pathname.replace(/\/+$/, '')}/api/companies/`;
    this.ttlS = options.ttlS ?? 30 * 60;
    this.now = options.now ?? Date.now;
  }

  issue(userId: string, source: string, vatNumber: string): string {
    if (!SOURCE_RE.test(source) || !VAT_RE.test(vatNumber)) throw new RangeError('cannot sign this source or VAT number');
    const exp = Math.floor(this.now() / 1000) + this.ttlS;
    const url = new URL(`${this.basePath}${source}/${vatNumber}`, this.origin);
    url.searchParams.set('exp', String(exp));
    url.searchParams.set('sig', this.sign(userId, source, vatNumber, exp));
    return url.toString();
  }

  /** The link's content when this server issued it to `userId` and it has not expired; else throws. */
  verify(userId: string, link: string): CompanyLink {
    let url: URL;
    try {
      url = new URL(link);
    } catch {
      throw new LinkVerificationError('malformed');
    }
    if (url.origin !== this.origin || !url.pathname.startsWith(this.basePath)) throw new LinkVerificationError('foreign');
    const parts = url.pathname.slice(this.basePath.length).split('/');
    const exp = url.searchParams.get('exp') ?? '';
    const sig = url.searchParams.get('sig') ?? '';
    const [source, vatNumber] = parts;
    if (
      parts.length !== 2 ||
      !source ||
      !vatNumber ||
      !SOURCE_RE.test(source) ||
      !VAT_RE.test(vatNumber) ||
      !/^\d{1,12}$/.test(exp) ||
      !SIG_RE.test(sig) ||
      [...url.searchParams.keys()].sort().join(',') !== 'exp,sig' ||
      url.hash ||
      url.username ||
      url.password
    ) {
      throw new LinkVerificationError('malformed');
    }
    const expected = Buffer.from(this.sign(userId, source, vatNumber, Number(exp)));
    const given = Buffer.from(sig);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new LinkVerificationError('bad_signature');
    if (Number(exp) * 1000 <= this.now()) throw new LinkVerificationError('expired');
    return { source, vatNumber, expiresAt: Number(exp) };
  }

  private sign(userId: string, source: string, vatNumber: string, exp: number): string {
    return createHmac('sha256', this.key).update(`${VERSION}\n${userId}\n${source}\n${vatNumber}\n${exp}`).digest('base64url');
  }
}
