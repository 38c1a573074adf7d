import { format } from 'node:util';
import { afterAll, afterEach } from 'vitest';

/**
 * A test fails when it calls console.error or leaves a promise rejected with nobody listening:
 * both mean something went wrong that no assertion looked at. A test that expects an error on
 * the console says so itself (`vi.spyOn(console, 'error').mockImplementation(...)`), which takes
 * the call before it reaches the recorder here.
 */
const printError = console.error.bind(console);
const logged: string[] = [];
const rejected: string[] = [];

console.error = (...args: unknown[]) => {
  logged.push(format(...args));
  printError(...args);
};

process.on('unhandledRejection', (reason) => {
  rejected.push(reason instanceof Error ? (reason.stack ?? reason.message) : format(reason));
});

function assertQuiet(): void {
  const problems = [
    ...logged.splice(0).map((line) => `console.error: ${line}`),
    ...rejected.splice(0).map((reason) => `unhandled rejection: ${reason}`),
  ];
  if (problems.length) throw new Error(`Unexpected errors during the test:\n${problems.join('\n---\n')}`);
}

afterEach(assertQuiet);
afterAll(assertQuiet);
