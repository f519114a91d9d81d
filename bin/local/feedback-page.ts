import type { IncomingMessage, ServerResponse } from 'node:http';
import { appendFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { LOCAL_FEEDBACK_PATH } from '../../functions/lib/config';
import { readJsonLines } from './json-lines';
import { escapeHtml, renderPage, sendHtml } from './page-layout';
import { readBody } from './request-body';

/**
 * The local stand-in for the external feedback form the shell links to (SPEC.md section 1; in
 * AWS, the `FEEDBACK_URL` setting names the real one): `/local/feedback` takes a message and
 * lists what was sent on this machine, newest first, in `.data/feedback.jsonl`.
 */
export const FEEDBACK_PAGE_PATH = LOCAL_FEEDBACK_PATH;
/** Long enough for a paragraph or two; the form says so and the page refuses more. */
export const FEEDBACK_MAX = 2000;

interface FeedbackRecord {
  sentAt: string;
  message: string;
}

export function localFeedbackFile(): string {
  return process.env.FEEDBACK_FILE || '.data/feedback.jsonl';
}

/** What was sent from this machine, newest first. */
async function readFeedback(): Promise<FeedbackRecord[]> {
  return (await readJsonLines<FeedbackRecord>(localFeedbackFile())).reverse();
}

function page(records: FeedbackRecord[], notice?: { tone: 'notice' | 'error'; text: string }, draft = ''): string {
  const sent = records
    .map((record) => `<tr><td>${escapeHtml(new Date(record.sentAt).toLocaleString('en-US', { timeZone: 'UTC' }))} UTC</td><td class="message">${escapeHtml(record.message)}</td></tr>`)
    .join('\n');
  return renderPage({
    title: 'Feedback',
    wide: true,
    body: `<h1>Feedback</h1>
${notice ? `<p class="${notice.tone}" role="${notice.tone === 'error' ? 'alert' : 'status'}">${escapeHtml(notice.text)}</p>` : ''}
<p class="hint">This page stands in, on this machine, for the feedback form a deployment links to.</p>
<form method="post" action="${FEEDBACK_PAGE_PATH}">
  <label for="message">Your feedback
    <textarea id="message" name="message" rows="5" maxlength="${FEEDBACK_MAX}" required aria-describedby="message-hint">${escapeHtml(draft)}</textarea>
  </label>
  <span id="message-hint" class="hint">At most ${FEEDBACK_MAX} characters.</span>
  <button type="submit">Send feedback</button>
</form>
<h2>Sent from this machine</h2>
${records.length ? `<table><thead><tr><th scope="col">Sent</th><th scope="col">Feedback</th></tr></thead><tbody>${sent}</tbody></table>` : '<p>No feedback yet.</p>'}`,
  });
}

/** Handles `/local/feedback`: GET shows the form and what was sent, POST sends one message. */
export async function handleFeedbackPage(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://local');
  if (url.pathname !== FEEDBACK_PAGE_PATH) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('Not Found');
    return;
  }
  if (req.method === 'POST') {
    const message = (new URLSearchParams((await readBody(req, 64 * 1024)).toString('utf8')).get('message') ?? '').trim();
    if (!message || message.length > FEEDBACK_MAX) {
      const text = message ? `Feedback must be at most ${FEEDBACK_MAX} characters.` : 'Feedback is required.';
      sendHtml(res, 400, page(await readFeedback(), { tone: 'error', text }, message));
      return;
    }
    const file = localFeedbackFile();
    await mkdir(dirname(file), { recursive: true });
    await appendFile(file, `${JSON.stringify({ sentAt: new Date().toISOString(), message } satisfies FeedbackRecord)}\n`, 'utf8');
    res.writeHead(303, { location: `${FEEDBACK_PAGE_PATH}?sent=1` });
    res.end();
    return;
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD, POST', 'content-type': 'text/plain; charset=utf-8' });
    res.end('Method Not Allowed');
    return;
  }
  const notice = url.searchParams.get('sent') ? { tone: 'notice' as const, text: 'Thank you: your feedback was sent.' } : undefined;
  const html = page(await readFeedback(), notice);
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(req.method === 'HEAD' ? undefined : html);
}
