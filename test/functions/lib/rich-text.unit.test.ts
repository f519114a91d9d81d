import { sanitizeRichText } from '../../../functions/lib/rich-text';

describe('sanitizeRichText: the allow-list every stored rich text passes', () => {
  it('keeps what the editor makes', () => {
    const html = '<h3>Title</h3><p><strong>Bold</strong> <em>it</em> <u>u</u> <s>s</s></p><ul><li>one</li></ul><ol start="3"><li>three</li></ol><blockquote><p>q</p></blockquote><hr>';
    expect(sanitizeRichText(html)).toBe('<h3>Title</h3><p><strong>Bold</strong> <em>it</em> <u>u</u> <s>s</s></p><ul><li>one</li></ul><ol start="3"><li>three</li></ol><blockquote><p>q</p></blockquote><hr />');
  });

  it('drops scripts, handlers, styles and dangerous links, keeping the text around them', () => {
    expect(sanitizeRichText('<p onclick="x()" style="color:red" class="c">Hi<script>alert(1)</script></p>')).toBe('<p>Hi</p>');
    expect(sanitizeRichText('<a href="javascript:alert(1)">x</a>')).toBe('<a target="_blank" rel="noopener noreferrer">x</a>');
    expect(sanitizeRichText('<a href="data:text/html,hi">x</a>')).not.toContain('data:');
    expect(sanitizeRichText('<img src=x onerror=alert(1)><iframe src="https://evil.example"></iframe><div>text</div>')).toBe('text');
    expect(sanitizeRichText('<svg><script>alert(1)</script></svg><style>p{}</style>ok')).toBe('ok');
  });

  it('links open apart from the app and keep only safe schemes', () => {
    expect(sanitizeRichText('<a href="https://example.org" target="_self" rel="opener">x</a>')).toBe('<a href="https://example.org" target="_blank" rel="noopener noreferrer">x</a>');
    expect(sanitizeRichText('<a href="mailto:a@example.org">mail</a>')).toContain('href="mailto:a@example.org"');
    expect(sanitizeRichText('<a href="//evil.example">x</a>')).not.toContain('evil');
  });

  it('is idempotent: sanitising stored text again changes nothing', () => {
    const once = sanitizeRichText('<p>a <a href="https://example.org">b</a></p><script>x</script><h1>big</h1>');
    expect(sanitizeRichText(once)).toBe(once);
  });
});
