import type { Locale } from '../../../shared/i18n/locales.js';

/**
 * The branded mail layout: a table-based HTML body with inline styles (what mail clients render
 * reliably) and the same content as plain text.
 */

export interface MailContent {
  /** The language the mail is written in (`<html lang>`). */
  locale: Locale;
  /** The brand line under the product's name, in that language. */
  tagline: string;
  /** Above the button's address written out, in that language ("If the button does not work …"). */
  buttonFallback: string;
  productName: string;
  appUrl: string;
  /** Shown by mail clients next to the subject. */
  preheader: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Paragraphs after the button (e.g. how long the link works). */
  after?: string[];
  /** Small print at the bottom (why the mail was sent). */
  footnote: string;
}

const BRAND_900 = '#0f2a4a';
const BRAND_50 = '#eef4fb';
const ACCENT_600 = '#16a34a';
const TEXT = '#1f2937';
const MUTED = '#6b7280';

export function escapeHtml(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const paragraph = (p: string) =>
  `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:${TEXT};">${escapeHtml(p)}</p>`;

export function renderMail(c: MailContent): { html: string; text: string } {
  const action = c.action
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px;">
  <tr><td style="border-radius:8px;background:${ACCENT_600};">
    <a href="${escapeHtml(c.action.url)}" style="display:inline-block;padding:12px 24px;font-size:16px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:8px;">${escapeHtml(c.action.label)}</a>
  </td></tr>
</table>
<p style="margin:0 0 16px;font-size:13px;line-height:20px;color:${MUTED};">${escapeHtml(c.buttonFallback)}<br><a href="${escapeHtml(c.action.url)}" style="color:${BRAND_900};word-break:break-all;">${escapeHtml(c.action.url)}</a></p>`
    : '';
  const year = new Date().getUTCFullYear();
  const html = `<!doctype html>
<html lang="${c.locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(c.heading)}</title>
</head>
<body style="margin:0;padding:0;background:${BRAND_50};font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;">
<div style="display:none;max-height:0;overflow:hidden;opacity:0;">${escapeHtml(c.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${BRAND_50};padding:32px 12px;">
<tr><td align="center">
  <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden;">
    <tr><td style="background:${BRAND_900};padding:20px 32px;">
      <a href="${escapeHtml(c.appUrl)}" style="font-size:22px;font-weight:700;letter-spacing:0.5px;color:#ffffff;text-decoration:none;">${escapeHtml(c.productName)}</a>
      <div style="font-size:12px;color:#adc8e8;margin-top:2px;">${escapeHtml(c.tagline)}</div>
    </td></tr>
    <tr><td style="padding:32px;">
      <h1 style="margin:0 0 20px;font-size:22px;line-height:30px;color:${BRAND_900};">${escapeHtml(c.heading)}</h1>
      ${c.paragraphs.map(paragraph).join('\n      ')}
      ${action}
      ${(c.after ?? []).map(paragraph).join('\n      ')}
    </td></tr>
    <tr><td style="padding:20px 32px;border-top:1px solid #e5e7eb;font-size:12px;line-height:18px;color:${MUTED};">
      ${escapeHtml(c.footnote)}<br>&copy; ${year} ${escapeHtml(c.productName)}
    </td></tr>
  </table>
</td></tr>
</table>
</body>
</html>
`;
  const text = [
    c.productName,
    '',
    c.heading,
    '',
    ...c.paragraphs.flatMap((p) => [p, '']),
    ...(c.action ? [`${c.action.label}: ${c.action.url}`, ''] : []),
    ...(c.after ?? []).flatMap((p) => [p, '']),
    '--',
    c.footnote,
    `${c.productName} · ${c.appUrl}`,
    '',
  ].join('\n');
  return { html, text };
}
