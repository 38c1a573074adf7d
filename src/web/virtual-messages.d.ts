// The compiled message bundles (scripts/vite-messages.mjs): a dynamic import per language and bundle.
declare module 'virtual:messages' {
  /** A compiled message (src/shared/i18n/interpret.ts reads it). */
  type Compiled = string | unknown[];
  type Loader = () => Promise<{ default: Record<string, Compiled> }>;
  export const loaders: Record<string, Record<string, Loader> | undefined>;
}
