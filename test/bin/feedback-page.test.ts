import { createServer, type Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FEEDBACK_MAX, handleFeedbackPage } from '../../bin/local/feedback-page';

// The local stand-in for the external feedback form: a real HTTP round trip, a real file.
let dir: string;
let server: Server;
let origin: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'feedback-test-'));
  process.env.FEEDBACK_FILE = join(dir, 'feedback.jsonl');
  server = createServer((req, res) => void handleFeedbackPage(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});

afterAll(async () => {
  delete process.env.FEEDBACK_FILE;
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

const send = (message: string) =>
  fetch(`${origin}/local/feedback`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ message }) });

describe('the local feedback page', () => {
  it('shows the form, labelled, and that nothing was sent yet', async () => {
    const res = await fetch(`${origin}/local/feedback`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<label for="message">Your feedback');
    expect(html).toContain('No feedback yet.');
  });

  it('refuses an empty or too long message with the reason, keeping what was typed', async () => {
    const empty = await send('   ');
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain('Feedback is required.');
    const long = await send('x'.repeat(FEEDBACK_MAX + 1));
    expect(long.status).toBe(400);
    const html = await long.text();
    expect(html).toContain(`Feedback must be at most ${FEEDBACK_MAX} characters.`);
    expect(html).toContain('x'.repeat(FEEDBACK_MAX + 1));
    expect(await (await fetch(`${origin}/local/feedback`)).text()).toContain('No feedback yet.');
  });

  it('keeps a message, thanks the sender and lists it, escaped, newest first', async () => {
    const first = await send('The tracks page is clear.');
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe('/local/feedback?sent=1');
    await send('<script>alert(1)</script> please');
    const html = await (await fetch(`${origin}${first.headers.get('location')}`)).text();
    expect(html).toContain('Thank you: your feedback was sent.');
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html.indexOf('&lt;script&gt;alert(1)&lt;/script&gt; please')).toBeLessThan(html.indexOf('The tracks page is clear.'));
  });

  it('answers 404 beside its path and 405 to other methods', async () => {
    expect((await fetch(`${origin}/local/feedback/other`)).status).toBe(404);
    expect((await fetch(`${origin}/local/feedback`, { method: 'DELETE' })).status).toBe(405);
  });
});
