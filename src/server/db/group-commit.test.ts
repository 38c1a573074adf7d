import { describe, expect, it } from 'vitest';
import { GroupCommit } from './group-commit.js';

/** A writer that records its batches and lets the test decide when each write ends. */
function recorder(fails: (item: number) => boolean = () => false) {
  const batches: number[][] = [];
  const open: (() => void)[] = [];
  const write = (items: number[]) =>
    new Promise<void>((resolve, reject) => {
      batches.push(items);
      open.push(() => (items.some(fails) ? reject(new Error(`bad ${items.join()}`)) : resolve()));
    });
  const finishAll = async () => {
    for (let i = 0; i < 20 && (open.length || i < 2); i++) {
      open.splice(0).forEach((finish) => finish());
      await new Promise((r) => setImmediate(r));
    }
  };
  return { batches, write, finishAll };
}

describe('GroupCommit', () => {
  it('writes a lone item at once, and items added in one turn together', async () => {
    const w = recorder();
    const commits = new GroupCommit<number>(w.write);
    const first = commits.add(1);
    await new Promise((r) => setImmediate(r));
    expect(w.batches).toEqual([[1]]);
    await w.finishAll();
    await first;
    const two = [commits.add(2), commits.add(3)];
    await w.finishAll();
    await Promise.all(two);
    expect(w.batches).toEqual([[1], [2, 3]]);
  });

  it('gathers the items added while a write is under way into the next one', async () => {
    const w = recorder();
    const commits = new GroupCommit<number>(w.write);
    const all = [commits.add(1)];
    await new Promise((r) => setImmediate(r));
    all.push(commits.add(2), commits.add(3), commits.add(4));
    await w.finishAll();
    await Promise.all(all);
    expect(w.batches).toEqual([[1], [2, 3, 4]]);
    await commits.settled();
  });

  it('keeps batches to the largest size asked for', async () => {
    const w = recorder();
    const commits = new GroupCommit<number>(w.write, 2);
    const all = [1, 2, 3, 4, 5].map((n) => commits.add(n));
    await w.finishAll();
    await Promise.all(all);
    expect(w.batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('writes a failed batch again one item at a time, so only the bad item fails', async () => {
    const w = recorder((n) => n === 2);
    const commits = new GroupCommit<number>(w.write);
    const results = [1, 2, 3].map((n) => commits.add(n).then(() => 'ok', (err: Error) => err.message));
    await w.finishAll();
    expect(await Promise.all(results)).toEqual(['ok', 'bad 2', 'ok']);
    expect(w.batches).toEqual([[1, 2, 3], [1], [2], [3]]);
  });
});
