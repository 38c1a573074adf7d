/**
 * Zod's schema compiler probes `new Function('')` on first parse, which the page's CSP (no
 * 'unsafe-eval') reports as a violation. Its interpreter is fast enough for the few responses the
 * browser checks, so the web app tells zod to skip the compiler. Zod reads this global object
 * when it loads (a lazy chunk), so setting it here, first in the entry, needs no zod import.
 */
const global = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
global.__zod_globalConfig = { ...global.__zod_globalConfig, jitless: true };

export {};
