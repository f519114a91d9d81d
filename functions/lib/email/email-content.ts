import * as z from 'zod';

/** The product's name, shown when the recipient has no conference. */
export const PRODUCT_NAME = 'Formation Tracks';

/**
 * What an email says, apart from its layout (./render-email.ts puts it in the layout at send time).
 * Links are absolute: the email is read outside the app.
 */
export const emailContentSchema = z.object({
  /** The recipient's conference; absent: the product's name. */
  conferenceName: z.string().max(200).optional(),
  greeting: z.string().max(200).optional(),
  paragraphs: z.array(z.string().max(2000)).max(10),
  action: z.object({ label: z.string().min(1).max(80), url: z.string().url().max(2000) }).optional(),
  /** A digest's lines, each with its own link. */
  items: z.array(z.object({ text: z.string().min(1).max(300), url: z.string().url().max(2000) })).max(100).optional(),
  /** A closing line (e.g. "If you did not ask for this, ignore this email"). */
  note: z.string().max(500).optional(),
});

export type EmailContent = z.infer<typeof emailContentSchema>;

/** The inbox preview: the first paragraph, else the call to action, else the product's name. */
export function previewText({ paragraphs, action }: EmailContent): string {
  return paragraphs[0] ?? action?.label ?? PRODUCT_NAME;
}

/** A path of the app (`/step/1`) as the absolute link an email needs. */
export function appLink(appUrl: string, path: string): string {
  return new URL(path, appUrl).toString();
}
