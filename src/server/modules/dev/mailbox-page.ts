import type { OutboxMailDto } from '../../../shared/contracts/dev.js';
import { escapeHtml } from '../../providers/mailer/layout.js';

/** The dev outbox page: plain server-rendered HTML (no script), newest mail first. */
export function renderMailboxPage(p: { productName: string; mode: 'outbox' | 'smtp'; mails: OutboxMailDto[] }): string {
  const e = escapeHtml;
  const items = p.mails
    .map(
      (m) => `<li class="mail">
  <div class="head">
    <h2>${e(m.subject)}</h2>
    <time datetime="${e(m.sentAt)}">${e(m.sentAt.replace('T', ' ').slice(0, 19))} UTC</time>
  </div>
  <p class="to">To: <strong>${e(m.to)}</strong> · <a href="/dev/mailbox/${e(m.id)}" target="_blank" rel="noopener">View HTML</a></p>
  ${m.links.length ? `<ul class="links">${m.links.map((l) => `<li><a href="${e(l)}">${e(l)}</a></li>`).join('')}</ul>` : ''}
  <details><summary>Text body</summary><pre>${e(m.text)}</pre></details>
</li>`,
    )
    .join('\n');
  const empty =
    p.mode === 'smtp'
      ? '<p class="empty">Mail is delivered over SMTP (SMTP_URL is set), so the outbox stays empty.</p>'
      : '<p class="empty">No mail yet. Sign up or request a password reset, then reload this page.</p>';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Dev mailbox | ${e(p.productName)}</title>
<style>
  body { margin: 0; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; background: #eef4fb; color: #1f2937; }
  header { background: #0f2a4a; color: #fff; padding: 16px 24px; }
  header h1 { margin: 0; font-size: 20px; }
  header p { margin: 4px 0 0; color: #adc8e8; font-size: 14px; }
  main { max-width: 880px; margin: 0 auto; padding: 24px 16px; }
  ol { list-style: none; margin: 0; padding: 0; }
  .mail { background: #fff; border-radius: 12px; padding: 16px 20px; margin-bottom: 16px; box-shadow: 0 1px 3px rgba(15, 42, 74, .12); }
  .head { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 8px; align-items: baseline; }
  h2 { margin: 0; font-size: 17px; color: #0f2a4a; }
  time, .to { color: #6b7280; font-size: 13px; }
  .to { margin: 6px 0 10px; }
  .links { margin: 0 0 10px; padding-left: 18px; font-size: 14px; }
  .links a, .to a { color: #1f4d89; word-break: break-all; }
  a:focus-visible, summary:focus-visible { outline: 2px solid #2f62a6; outline-offset: 2px; }
  pre { white-space: pre-wrap; word-break: break-word; background: #f8fafc; padding: 12px; border-radius: 8px; font-size: 13px; }
  summary { cursor: pointer; font-size: 14px; color: #173c6c; }
  .empty { background: #fff; border-radius: 12px; padding: 24px; text-align: center; color: #6b7280; }
</style>
</head>
<body>
<header><h1>${e(p.productName)} dev mailbox</h1><p>Mail the app would have sent (kept in memory, newest first). Development only.</p></header>
<main>
${p.mails.length ? `<ol>${items}</ol>` : empty}
</main>
</body>
</html>
`;
}
