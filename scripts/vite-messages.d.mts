// Types of vite-messages.mjs.
import type { Plugin } from 'vite';
export const MESSAGE_BUNDLES: readonly ['common', 'home', 'marketing', 'methodology', 'legal', 'app'];
export function compiledBundle(localesDir: string, locale: string, bundle: string): { messages: Record<string, unknown>; files: string[] };
export function messagesPlugin(localesDir: string): Plugin;
export function messagesFileName(locale: string, bundle: string, json: string): string;
