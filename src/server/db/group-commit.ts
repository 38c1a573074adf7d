/**
 * Writes that arrive while one is being written wait and go together in the next one (a group
 * commit): on the embedded database a transaction costs about as much for one row as for thirty,
 * and nothing waits on a timer, so a lone write goes at once.
 *
 * Each `add` resolves when its item's batch is written and rejects with that batch's error. A
 * batch of several that fails is written again one item at a time, so one bad item fails alone.
 */
export class GroupCommit<T> {
  private waiting: { item: T; resolve: () => void; reject: (err: unknown) => void }[] = [];
  private writing: Promise<void> | undefined;

  constructor(
    private readonly write: (items: T[]) => Promise<void>,
    private readonly maxBatch = 64,
  ) {}

  add(item: T): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.writing ??= this.drain();
    });
  }

  /** Resolves once every item added so far is written (or failed). */
  async settled(): Promise<void> {
    while (this.writing) await this.writing;
  }

  private async drain(): Promise<void> {
    // Let the writes started in this turn of the event loop join the first batch.
    await Promise.resolve();
    while (this.waiting.length) {
      const batch = this.waiting.splice(0, this.maxBatch);
      try {
        await this.write(batch.map((w) => w.item));
        for (const w of batch) w.resolve();
      } catch (err) {
        if (batch.length === 1) batch[0]!.reject(err);
        else await this.oneByOne(batch);
      }
    }
    this.writing = undefined;
  }

  private async oneByOne(batch: typeof this.waiting): Promise<void> {
    for (const w of batch) {
      try {
        await this.write([w.item]);
        w.resolve();
      } catch (err) {
        w.reject(err);
      }
    }
  }
}
