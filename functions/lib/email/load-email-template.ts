import type { EmailTemplate } from './email-template-shape';

let template: Promise<EmailTemplate> | undefined;

/**
 * The compiled layout. Here it is rendered on first use (React loads then); the Lambda bundles
 * replace this module with the template compiled at build time (infra/bundling/email-template-at-build.ts).
 */
export function loadEmailTemplate(): Promise<EmailTemplate> {
  template ??= import('./email-template').then((m) => m.compileEmailTemplate());
  return template;
}
