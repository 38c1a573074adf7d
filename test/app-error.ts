import { AppError } from '../src/server/lib/errors.js';

/** The AppError a promise rejects with; any other outcome fails the test. */
export async function caughtAppError(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected a rejection');
}
