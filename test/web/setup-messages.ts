// Web components render their texts from the English catalogues, loaded once per test file.
import { MESSAGE_BUNDLES, needMessages, setLocale } from '../../src/web/lib/i18n';

await setLocale('en');
await Promise.all(MESSAGE_BUNDLES.map(needMessages));
