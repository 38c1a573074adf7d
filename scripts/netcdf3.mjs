import { openSync, readSync, closeSync } from 'node:fs';

/**
 * A minimal reader for NetCDF-3 classic and 64-bit-offset files (big-endian): the header, and a
 * variable's values read row by row. Enough for ETOPO5; no record variables, no NetCDF-4.
 */

const TYPES = {
  1: { name: 'byte', size: 1, read: (b, o) => b.readInt8(o) },
  2: { name: 'char', size: 1, read: (b, o) => b[o] },
  3: { name: 'short', size: 2, read: (b, o) => b.readInt16BE(o) },
  4: { name: 'int', size: 4, read: (b, o) => b.readInt32BE(o) },
  5: { name: 'float', size: 4, read: (b, o) => b.readFloatBE(o) },
  6: { name: 'double', size: 8, read: (b, o) => b.readDoubleBE(o) },
};

class Cursor {
  constructor(buf, version) {
    this.buf = buf;
    this.pos = 0;
    this.version = version;
  }
  u32() {
    const v = this.buf.readUInt32BE(this.pos);
    this.pos += 4;
    return v;
  }
  offset() {
    if (this.version === 1) return this.u32();
    const v = Number(this.buf.readBigUInt64BE(this.pos));
    this.pos += 8;
    return v;
  }
  name() {
    const n = this.u32();
    const s = this.buf.toString('utf8', this.pos, this.pos + n);
    this.pos += Math.ceil(n / 4) * 4;
    return s;
  }
  values(type, n) {
    const t = TYPES[type];
    if (!t) throw new Error(`NetCDF: unknown type ${type}`);
    const out = [];
    for (let i = 0; i < n; i++) out.push(t.read(this.buf, this.pos + i * t.size));
    this.pos += Math.ceil((n * t.size) / 4) * 4;
    return type === 2 ? Buffer.from(out).toString('utf8').replace(/\0+$/, '') : out;
  }
  list(tag, item) {
    const got = this.u32();
    const n = this.u32();
    if (got === 0 && n === 0) return [];
    if (got !== tag) throw new Error(`NetCDF: expected tag ${tag}, got ${got}`);
    return Array.from({ length: n }, () => item());
  }
  attrs() {
    return Object.fromEntries(
      this.list(12, () => {
        const name = this.name();
        const type = this.u32();
        return [name, this.values(type, this.u32())];
      }),
    );
  }
}

/** Opens a NetCDF-3 file: its dimensions, attributes and variables, and a row reader. */
export function openNetcdf3(path) {
  const fd = openSync(path, 'r');
  const head = Buffer.alloc(64 * 1024);
  readSync(fd, head, 0, head.length, 0);
  if (head.toString('latin1', 0, 3) !== 'CDF') throw new Error(`${path}: not a NetCDF-3 file`);
  const c = new Cursor(head, head[3]);
  c.pos = 4;
  c.u32(); // numrecs
  const dims = c.list(10, () => ({ name: c.name(), size: c.u32() }));
  const attributes = c.attrs();
  const variables = c.list(11, () => {
    const name = c.name();
    const dimIds = Array.from({ length: c.u32() }, () => c.u32());
    const attrs = c.attrs();
    const type = c.u32();
    const vsize = c.u32();
    const begin = c.offset();
    return { name, dims: dimIds.map((d) => dims[d]), attrs, type, vsize, begin };
  });
  const byName = new Map(variables.map((v) => [v.name, v]));

  function variable(name) {
    const v = byName.get(name);
    if (!v) throw new Error(`${path}: no variable ${name}`);
    return v;
  }

  /** All values of a one-dimensional variable. */
  function read1d(name) {
    const v = variable(name);
    const t = TYPES[v.type];
    const n = v.dims[0].size;
    const buf = Buffer.alloc(n * t.size);
    readSync(fd, buf, 0, buf.length, v.begin);
    return Array.from({ length: n }, (_, i) => t.read(buf, i * t.size));
  }

  /** Row `row` (first dimension) of a two-dimensional variable, columns [from, to). */
  function readRow(name, row, from, to) {
    const v = variable(name);
    const t = TYPES[v.type];
    const cols = v.dims[1].size;
    const buf = Buffer.alloc((to - from) * t.size);
    readSync(fd, buf, 0, buf.length, v.begin + (row * cols + from) * t.size);
    return Array.from({ length: to - from }, (_, i) => t.read(buf, i * t.size));
  }

  return { dims, attributes, variables, variable, read1d, readRow, close: () => closeSync(fd) };
}
