/**
 * A small streaming XML tokenizer for the sanctions lists: elements, attributes, text, CDATA,
 * comments and processing instructions, fed chunk by chunk so a 25 MB file never sits in memory
 * whole. It refuses what a list never needs and an attacker would use: any DOCTYPE or entity
 * declaration (billion laughs, external entities), entity references other than the five
 * predefined ones and character references, and tokens or nesting beyond fixed bounds.
 */

export class XmlRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'XmlRefused';
  }
}

export interface XmlHandler {
  open(name: string, attrs: Record<string, string>): void;
  close(name: string): void;
  text(text: string): void;
}

/** Longest single token (a tag, a text run, a comment): no list field comes near it. */
const MAX_TOKEN_CHARS = 1_000_000;
const MAX_DEPTH = 64;

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

export function decodeEntities(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&([^;&\s]{0,12});|&/g, (whole, ref: string | undefined) => {
    if (ref === undefined) throw new XmlRefused('a bare "&" that starts no reference');
    if (ref.startsWith('#x') || ref.startsWith('#X')) return codePoint(ref.slice(2), 16);
    if (ref.startsWith('#')) return codePoint(ref.slice(1), 10);
    const known = PREDEFINED[ref];
    if (known === undefined) throw new XmlRefused(`the undeclared entity "&${ref};" (entities are refused)`);
    return known;
  });
}

function codePoint(digits: string, radix: number): string {
  const n = /^[0-9a-fA-F]+$/.test(digits) ? parseInt(digits, radix) : NaN;
  if (!Number.isFinite(n) || n <= 0 || n > 0x10ffff || (n >= 0xd800 && n <= 0xdfff)) {
    throw new XmlRefused(`an invalid character reference "${digits}"`);
  }
  return String.fromCodePoint(n);
}

const NAME = /^[A-Za-z_][\w.:-]*$/;
const ATTR = /([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

function parseAttrs(body: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  let rest = body;
  ATTR.lastIndex = 0;
  for (let m = ATTR.exec(body); m; m = ATTR.exec(body)) {
    attrs[m[1]!] = decodeEntities(m[2] ?? m[3] ?? '');
    rest = rest.replace(m[0], '');
  }
  if (rest.trim() !== '') throw new XmlRefused('a malformed attribute');
  return attrs;
}

/** Index of the `>` closing a tag that starts at `from`, skipping quoted attribute values; -1 if not in `s` yet. */
function tagEnd(s: string, from: number): number {
  let quote = '';
  for (let i = from; i < s.length; i++) {
    const c = s[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '>') return i;
    else if (c === '<') throw new XmlRefused('a "<" inside a tag');
  }
  return -1;
}

export class XmlStream {
  private buf = '';
  private readonly stack: string[] = [];
  private sawRoot = false;
  private rootClosed = false;
  private started = false;

  constructor(private readonly handler: XmlHandler) {}

  write(chunk: string): void {
    this.buf += chunk;
    this.drain();
    if (this.buf.length > MAX_TOKEN_CHARS) throw new XmlRefused('a token longer than 1,000,000 characters');
  }

  /** The document ended: anything still open means the file was cut off. */
  end(): void {
    this.drain();
    if (this.buf.trim() !== '' || this.stack.length > 0 || !this.sawRoot) {
      throw new XmlRefused(this.sawRoot ? 'the file ends before its root element closes (truncated)' : 'the file holds no XML element');
    }
  }

  private drain(): void {
    if (!this.started) {
      // A byte-order mark and white space may come first; anything else is not XML (an HTML error page is caught by its root).
      this.buf = this.buf.replace(/^\uFEFF?\s+/, '').replace(/^\uFEFF/, '');
      if (this.buf === '') return;
      if (this.buf[0] !== '<') throw new XmlRefused('the answer is not XML');
      this.started = true;
    }
    // Read tokens at a moving position and cut the buffer once: slicing per token would copy the chunk again for each.
    let pos = 0;
    for (;;) {
      const lt = this.buf.indexOf('<', pos);
      if (lt < 0) break; // text may continue in the next chunk
      if (lt > pos) this.emitText(this.buf.slice(pos, lt));
      pos = lt;
      const consumed = this.token(pos);
      if (consumed === 0) break;
      pos += consumed;
    }
    this.buf = this.buf.slice(pos);
  }

  private emitText(raw: string): void {
    if (this.stack.length === 0) {
      if (raw.trim() !== '') throw new XmlRefused('text outside the root element');
      return;
    }
    this.handler.text(decodeEntities(raw));
  }

  /** Handles the construct at `at` in buf; answers how many characters it used, 0 when it is not complete yet. */
  private token(at: number): number {
    const s = this.buf;
    if (s.length - at < 2) return 0;
    if (s.startsWith('<?', at)) {
      const end = s.indexOf('?>', at);
      return end < 0 ? 0 : end + 2 - at;
    }
    if (s.startsWith('<!--', at)) {
      const end = s.indexOf('-->', at + 4);
      return end < 0 ? 0 : end + 3 - at;
    }
    if (s.startsWith('<!', at)) {
      if (s.length - at < 9) return 0;
      if (s.startsWith('<![CDATA[', at)) {
        const end = s.indexOf(']]>', at + 9);
        if (end < 0) return 0;
        if (this.stack.length === 0) throw new XmlRefused('CDATA outside the root element');
        this.handler.text(s.slice(at + 9, end));
        return end + 3 - at;
      }
      const head = s.slice(at, at + 9).toUpperCase();
      if (head.startsWith('<!DOCTYPE')) throw new XmlRefused('the file declares a DOCTYPE (refused: entity expansion)');
      if (head.startsWith('<!ENTITY')) throw new XmlRefused('the file declares an entity (refused)');
      throw new XmlRefused('an unknown markup declaration');
    }
    const end = tagEnd(s, at + 1);
    if (end < 0) return 0;
    const inner = s.slice(at + 1, end);
    if (inner.startsWith('/')) {
      const name = inner.slice(1).trim();
      const open = this.stack.pop();
      if (open !== name) throw new XmlRefused(`</${name}> closes <${open ?? 'nothing'}>`);
      this.handler.close(name);
      if (this.stack.length === 0) this.rootClosed = true;
      return end + 1 - at;
    }
    const selfClosing = inner.endsWith('/');
    const body = selfClosing ? inner.slice(0, -1) : inner;
    const space = body.search(/\s/);
    const name = space < 0 ? body : body.slice(0, space);
    if (!NAME.test(name)) throw new XmlRefused('a malformed element name');
    if (this.stack.length === 0) {
      if (this.rootClosed) throw new XmlRefused('a second root element');
      this.sawRoot = true;
    }
    const attrs = space < 0 ? {} : parseAttrs(body.slice(space));
    if (this.stack.length >= MAX_DEPTH) throw new XmlRefused(`elements nested deeper than ${MAX_DEPTH}`);
    this.stack.push(name);
    this.handler.open(name, attrs);
    if (selfClosing) {
      this.stack.pop();
      this.handler.close(name);
      if (this.stack.length === 0) this.rootClosed = true;
    }
    return end + 1 - at;
  }
}
