import type { ServerResponse } from 'node:http';

/**
 * Server-rendered pages of the local runtime (sign-in, sign-out, SMS outbox) in the app's
 * look: the same header colour, type and form styling, no script needed to use them.
 */
export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const STYLES = `
:root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1a202c; }
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; background: #f6f7f9; display: flex; flex-direction: column; }
header { display: flex; align-items: center; gap: .55rem; height: 3.75rem; padding: 0 1.5rem; background: #14325c; color: #fff; font-weight: 700; font-size: 1.05rem; }
header .mark { width: 1.6rem; height: 1.6rem; border-radius: 7px; background: #fff url('/favicon.svg') center / cover; }
main { flex: 1; display: grid; place-items: start center; padding: 3rem 1rem; }
.card { width: 100%; max-width: 26rem; background: #fff; border: 1px solid #dde2ea; border-radius: 10px; padding: 2rem; box-shadow: 0 1px 2px rgba(0,0,0,.04); }
.card.wide { max-width: 52rem; }
h1 { margin: 0 0 1.25rem; font-size: 1.5rem; }
h2 { margin: 2rem 0 .75rem; font-size: 1.15rem; }
p { line-height: 1.5; }
form { display: grid; gap: 1rem; }
label { display: grid; gap: .35rem; font-weight: 600; }
input, textarea { font: inherit; padding: .55rem .7rem; border: 1px solid #a0aec0; border-radius: 6px; background: #fff; color: inherit; }
input:focus-visible, textarea:focus-visible, button:focus-visible, a:focus-visible { outline: 2px solid #2b6cb0; outline-offset: 2px; }
button { font: inherit; font-weight: 600; padding: .6rem 1rem; border: 0; border-radius: 6px; background: #14325c; color: #fff; cursor: pointer; }
button:hover { background: #1d4580; }
.error { margin: 0; padding: .6rem .8rem; border-radius: 6px; background: #fff5f5; color: #9b2c2c; border: 1px solid #feb2b2; }
.notice { margin: 0; padding: .6rem .8rem; border-radius: 6px; background: #f0fff4; color: #22543d; border: 1px solid #9ae6b4; }
.hint { color: #4a5568; font-size: .9rem; }
table { width: 100%; border-collapse: collapse; }
th, td { text-align: left; padding: .5rem; border-bottom: 1px solid #dde2ea; vertical-align: top; }
td.message { white-space: pre-wrap; }
a { color: #2b6cb0; }
`;

export function renderPage(options: { title: string; body: string; wide?: boolean; script?: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<title>${escapeHtml(options.title)} - Formation Tracks</title>
<style>${STYLES}</style>
</head>
<body>
<header><span class="mark" aria-hidden="true"></span>Formation Tracks</header>
<main><div class="card${options.wide ? ' wide' : ''}">
${options.body}
</div></main>
${options.script ? `<script>${options.script}</script>` : ''}
</body>
</html>`;
}

/** Answers with a page that no cache keeps. */
export function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(html);
}
