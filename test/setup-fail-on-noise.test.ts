import { expect, it } from 'vitest';
import { createVitest } from 'vitest/node';

it('fails a test that calls console.error or leaves a rejection unhandled, and only those', async () => {
  const root = new URL('..', import.meta.url).pathname;
  const vitest = await createVitest('test', {
    root,
    config: 'vitest.config.ts',
    include: ['test/fixtures/noise.fixture.ts'],
    watch: false,
    reporters: [{}],
    silent: true,
  });
  try {
    await vitest.start();
    const tasks = vitest.state.getFiles().flatMap((file) => file.tasks);
    const states = Object.fromEntries(tasks.map((task) => [task.name, task.result?.state]));
    expect(states).toEqual({
      'logs an error': 'fail',
      'leaves a rejection unhandled': 'fail',
      'expects its error on the console': 'pass',
      'is quiet': 'pass',
    });
    const messages = tasks.flatMap((task) => task.result?.errors?.map((e) => e.message) ?? []);
    expect(messages.join('\n')).toContain('console.error: boom');
    expect(messages.join('\n')).toContain('unhandled rejection: Error: lost');
  } finally {
    await vitest.close();
  }
});
