import type { ImportedCompany, ImportState } from '../facts.js';
import type { TextSource } from '../files.js';
import type { Stage } from '../stage.js';

/** What a format gets: the texts of the files, scratch tables, and a way to report progress. */
export interface FormatContext {
  sources: readonly TextSource[];
  stage: Stage;
  progress(message: string): void;
}

/** A format's reading of the files: the publisher's date, then the companies one by one. */
export interface OpenedImport {
  /** YYYY-MM-DD: the date the publisher stamped on the files, else the file's own date. */
  publishedOn: string;
  companies: AsyncIterable<ImportedCompany>;
}

/** One register's published files. */
export interface RegisterFormat {
  state: ImportState;
  /** The files it reads, for the command's help and errors. */
  files: string;
  open(ctx: FormatContext): Promise<OpenedImport>;
}

/** Reports every `every` rows of a file. */
export function counter(progress: (message: string) => void, what: string, every = 250_000): { tick(): void; done(): number } {
  let n = 0;
  return {
    tick() {
      n++;
      if (n % every === 0) progress(`${what}: ${n.toLocaleString('en')} rows`);
    },
    done() {
      progress(`${what}: ${n.toLocaleString('en')} rows read`);
      return n;
    },
  };
}
