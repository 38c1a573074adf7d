import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The embedded database's folder belongs to one process at a time: two PGlite instances writing
 * one data folder corrupt it. The owner writes its pid into `corisk.lock` in the folder; a lock
 * whose process is gone (killed, crashed) is taken over.
 */

export type FolderOwner = 'server' | 'import';

interface LockFile {
  pid: number;
  role: FolderOwner;
  since: string;
}

export class DataFolderBusyError extends Error {
  constructor(
    readonly dir: string,
    readonly holder: LockFile,
  ) {
    super(`a running Corisk ${holder.role === 'server' ? 'server' : 'register import'} (pid ${holder.pid}) holds the embedded database in ${dir}`);
    this.name = 'DataFolderBusyError';
  }
}

const lockFile = (dir: string) => join(dir, 'corisk.lock');

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(file: string): LockFile | null {
  try {
    const lock = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockFile>;
    return typeof lock.pid === 'number' ? { pid: lock.pid, role: lock.role === 'import' ? 'import' : 'server', since: String(lock.since ?? '') } : null;
  } catch {
    return null;
  }
}

/** Takes the folder for this process, or throws DataFolderBusyError; answers the release. */
export function holdDataFolder(dir: string, role: FolderOwner): () => void {
  mkdirSync(dir, { recursive: true });
  const file = lockFile(dir);
  const mine: LockFile = { pid: process.pid, role, since: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, JSON.stringify(mine), { flag: 'wx' });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = readLock(file);
      if (holder && holder.pid !== process.pid && alive(holder.pid)) throw new DataFolderBusyError(dir, holder);
      // A lock left by a process that is gone: taken over.
      unlinkSync(file);
    }
  }
  const release = () => {
    if (readLock(file)?.pid === process.pid) {
      try {
        unlinkSync(file);
      } catch {
        // already gone
      }
    }
  };
  process.once('exit', release);
  return release;
}
