import { createElement } from 'react';
import { render } from '@react-email/render';
import fc from 'fast-check';
import type { EmailContent } from '../../../../functions/lib/email/email-content';
import { EmailLayout } from '../../../../functions/lib/email/email-layout';
import { renderEmail } from '../../../../functions/lib/email/render-email';

/** The layout rendered whole by react-email, as the worker did before templates: the reference. */
async function reactEmail(content: EmailContent, unsubscribeUrl?: string) {
  const element = createElement(EmailLayout, { content, unsubscribeUrl });
  return { html: await render(element), text: await render(element, { plainText: true }) };
}

// Text that exercises escaping, whitespace folding and odd code points (a lone surrogate, NUL).
const awkward = fc.string({ unit: fc.constantFrom('a', 'Z', ' ', '\n', '\t', '\r', '\f', '\u200b', '\u00a0', '<', '>', '&', '"', "'", 'é', '😀', '\ud83d', '\0', '{{text}}', '&amp;'), maxLength: 40 });
const text = (maxLength: number) => fc.oneof(fc.string({ maxLength }), fc.string({ unit: 'grapheme', maxLength }), awkward);
const url = fc.oneof(fc.webUrl({ withQueryParameters: true, withFragments: true }), fc.constantFrom('http://localhost:3000/step/1?a=1&b=2', 'mailto:pat@example.test'));
const content: fc.Arbitrary<EmailContent> = fc.record(
  {
    conferenceName: text(40),
    greeting: text(40),
    paragraphs: fc.array(text(200), { maxLength: 4 }),
    action: fc.record({ label: text(20), url }),
    items: fc.array(fc.record({ text: fc.oneof(text(30), url), url }), { maxLength: 4 }),
    note: text(40),
  },
  { requiredKeys: ['paragraphs'] },
);

describe('renderEmail (the layout compiled once, filled per email)', () => {
  it('gives exactly what react-email renders from the layout, HTML and text, for any content', async () => {
    await fc.assert(
      fc.asyncProperty(content, fc.option(url, { nil: undefined }), async (email, unsubscribeUrl) => {
        expect(await renderEmail(email, unsubscribeUrl)).toEqual(await reactEmail(email, unsubscribeUrl));
      }),
      { numRuns: 150 },
    );
  }, 60_000);

  it('escapes what people type in the HTML and leaves it as typed in the text', async () => {
    const email: EmailContent = {
      conferenceName: 'Smith & <Sons>',
      greeting: 'Hello <script>alert(1)</script> & "Pat",',
      paragraphs: ["O'Brien <b>enrolled</b> you & your mentor."],
      items: [{ text: '<img src=x onerror=alert(1)> & co', url: 'http://localhost:3000/step/1?a=1&b="2"' }],
      action: { label: 'Open <it>', url: 'http://localhost:3000/step/1?x=<y>' },
    };
    const { html, text } = await renderEmail(email, 'http://localhost:3000/api/notification/unsubscribe?token=a&b');
    expect(html).not.toMatch(/<script|<b>|<img|<it>|<Sons>/);
    expect(html).toContain('Hello &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Pat&quot;,');
    expect(html).toContain('O&#x27;Brien &lt;b&gt;enrolled&lt;/b&gt; you &amp; your mentor.');
    expect(html).toContain('Smith &amp; &lt;Sons&gt;');
    expect(html).toContain('href="http://localhost:3000/step/1?a=1&amp;b=&quot;2&quot;"');
    expect(html).toContain('href="http://localhost:3000/api/notification/unsubscribe?token=a&amp;b"');
    expect(text).toContain('Hello <script>alert(1)</script> & "Pat",');
    expect(text).toContain("O'Brien <b>enrolled</b> you & your mentor.");
    expect(text).toContain(' * <img src=x onerror=alert(1)> & co http://localhost:3000/step/1?a=1&b="2"');
    expect(text).toContain('Formation Tracks for Smith & <Sons>. You receive this because email notifications are on in your profile. Unsubscribe http://localhost:3000/api/notification/unsubscribe?token=a&b');
  });

  it('keeps the preview line to 150 characters, padded when shorter', async () => {
    const long = await renderEmail({ paragraphs: ['x'.repeat(200)] });
    expect(long.html).toContain(`>${'x'.repeat(150)}</div>`);
    const short = await renderEmail({ paragraphs: ['Hi'] });
    expect(short.html).toMatch(/>Hi<div>[^<]+<\/div><\/div>/);
  });
});
