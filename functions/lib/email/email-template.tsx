import type { ReactNode } from 'react';
import { renderWhiteSpace } from '@react-email/components';
import { render, toPlainText } from '@react-email/render';
import { Action, Brand, EmailFrame, Footer, ItemLine, ItemList, Paragraph } from './email-layout';
import { FOOTER_VARIANTS, PREVIEW_LENGTH, type EmailTemplate, type FooterVariant, type Slotted } from './email-template-shape';

/*
 * Renders each part of ./email-layout.tsx once, with markers where an email's own text goes,
 * and cuts the result into the pieces ./render-email.ts fills. The Lambda bundles run this at
 * build time (infra/bundling/email-template-at-build.ts), so they carry neither React's server
 * renderer nor the HTML-to-text converter; local runs and tests run it on first use.
 * Every assumption about what react-email renders is checked here: a new version that renders
 * differently fails the build instead of sending different emails.
 */

const mark = (slot: string) => `{{${slot}}}`;
/** As long as the preview react-email keeps, so the frame renders no padding after it. */
const PREVIEW_MARK = mark('preview').padEnd(PREVIEW_LENGTH, '~');

function layoutChanged(what: string): never {
  throw new Error(`email template: ${what} no longer renders as expected; see functions/lib/email/email-template.tsx`);
}

/** Cuts a rendered part at its `{{slot}}` markers, which must be `slots`, in this order. */
function slotted(rendered: string, slots: readonly string[]): Slotted {
  const parts = rendered.split(/\{\{(\w+)\}\}/);
  if (parts.filter((_, i) => i % 2 === 1).join() !== slots.join()) layoutChanged(`a part with slots ${slots.join(', ') || 'none'}`);
  return parts;
}

const frameHtml = (preview: string, body: ReactNode) => render(<EmailFrame preview={preview}>{body}</EmailFrame>);

export async function compileEmailTemplate(): Promise<EmailTemplate> {
  const [beforePreview, afterPreview = layoutChanged('the frame')] = (await frameHtml(PREVIEW_MARK, mark('body'))).split(PREVIEW_MARK);
  const [betweenPreviewAndBody, , afterBody] = slotted(afterPreview, ['body']);
  const bodyStart = beforePreview + PREVIEW_MARK + betweenPreviewAndBody;

  /** A part's HTML as it renders inside the frame (the same React tree as a whole email). */
  const partHtml = async (node: ReactNode) => {
    const html = await frameHtml(PREVIEW_MARK, node);
    if (!html.startsWith(bodyStart) || !html.endsWith(afterBody)) layoutChanged('a part inside the frame');
    return html.slice(bodyStart.length, html.length - afterBody.length);
  };

  // react-email pads a short preview with invisible characters, one run per missing character.
  const padding = async (missing: number) => {
    const html = await partHtml(renderWhiteSpace('x'.repeat(PREVIEW_LENGTH - missing)));
    return html.startsWith('<div>') && html.endsWith('</div>') ? html.slice('<div>'.length, -'</div>'.length) : layoutChanged('the preview padding');
  };
  const previewPadding = await padding(1);
  if ((await padding(2)) !== previewPadding.repeat(2)) layoutChanged('the preview padding');

  const [listStart, , listEnd] = slotted(await partHtml(<ItemList>{mark('lines')}</ItemList>), ['lines']);
  const itemText = toPlainText(await partHtml(<ItemList><ItemLine text={mark('text')} url={mark('url')} /></ItemList>));
  const [itemPrefix, , between, , after] = slotted(itemText, ['text', 'url']);
  if (between !== ' ' || after !== '') layoutChanged('a digest line as text');

  const htmlFooter = {} as Record<FooterVariant, Slotted>;
  const textFooter = {} as Record<FooterVariant, Slotted>;
  let rule = '';
  for (const variant of FOOTER_VARIANTS) {
    const slots = variant.split('+').filter((slot) => slot !== 'plain');
    const html = await partHtml(
      <Footer conferenceName={slots.includes('conference') ? mark('conference') : undefined} unsubscribeUrl={slots.includes('unsubscribe') ? mark('unsubscribe') : undefined} />,
    );
    htmlFooter[variant] = slotted(html, slots);
    const [ruleText, line, ...more] = toPlainText(html).split('\n\n');
    if (line === undefined || more.length || (rule && ruleText !== rule)) layoutChanged('the footer as text');
    rule = ruleText;
    textFooter[variant] = slotted(line, slots);
  }

  return {
    html: {
      frame: [beforePreview, 'preview', betweenPreviewAndBody, 'body', afterBody],
      previewPadding,
      paragraph: slotted(await partHtml(<Paragraph text={mark('text')} />), ['text']),
      brand: slotted(await partHtml(<Brand text={mark('text')} />), ['text']),
      list: [listStart, listEnd],
      item: slotted(await partHtml(<ItemLine text={mark('text')} url={mark('url')} />), ['url', 'text']),
      action: slotted(await partHtml(<Action label={mark('label')} url={mark('url')} />), ['url', 'label']),
      footer: htmlFooter,
    },
    text: { itemPrefix, rule, footer: textFooter },
  };
}
