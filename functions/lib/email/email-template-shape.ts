/**
 * The compiled email layout (./email-template.tsx makes it, ./render-email.ts fills it): plain
 * data, so a Lambda bundle can carry it as a constant made at build time.
 */

/** A rendered part cut at its slots: literal text at even indexes, slot names at odd ones. */
export type Slotted = string[];

/** react-email's preview: at most this many characters, padded up to it with invisible ones. */
export const PREVIEW_LENGTH = 150;

export const FOOTER_VARIANTS = ['plain', 'conference', 'unsubscribe', 'conference+unsubscribe'] as const;
export type FooterVariant = (typeof FOOTER_VARIANTS)[number];

export interface EmailTemplate {
  html: {
    /** slots: preview, body */
    frame: Slotted;
    /** One run of the preview's padding, repeated once per character the preview is short of PREVIEW_LENGTH. */
    previewPadding: string;
    /** slot: text (also the greeting, each paragraph and the note) */
    paragraph: Slotted;
    brand: Slotted;
    /** Before and after a digest's lines. */
    list: [string, string];
    /** slots: url, text */
    item: Slotted;
    /** slots: url, label */
    action: Slotted;
    /** slots: conference and unsubscribe, as the variant's name says */
    footer: Record<FooterVariant, Slotted>;
  };
  text: {
    /** Before each digest line (" * "). */
    itemPrefix: string;
    /** The horizontal rule above the footer. */
    rule: string;
    /** The footer's line; slots as in html.footer. */
    footer: Record<FooterVariant, Slotted>;
  };
}
