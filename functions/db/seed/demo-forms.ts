import { addressShortcut } from '../../../shared/forms/address-shortcut';
import type { FormContent } from '../../../shared/forms/form-definition';
import { demoFormItems } from './demo-tracks';

/**
 * The demo's forms beside the track's questionnaire: a system form (locked for everyone
 * but a superadmin) built with the Address shortcut and one field of most other kinds,
 * so a newcomer sees the runner and the builder with something in them.
 */
function contactFormContent(): FormContent {
  let next = 0;
  const id = (prefix: string) => () => `${prefix}-${(next += 1)}`;
  const address = addressShortcut(id('contact-address'));
  const fields: FormContent['fields'] = [
    { id: 'contact-heading', name: 'How to reach you', type: 'Heading', properties: {} },
    { id: 'contact-phone', name: 'Phone', type: 'PhoneNumber', properties: { required: true, placeholder: '555-123-4567' } },
    { id: 'contact-best-time', name: 'Best time to call', type: 'Time', properties: {} },
    { id: 'contact-method', name: 'Preferred contact method', type: 'Radio', properties: { options: ['Phone', 'Email', 'Text message'], required: true } },
    { id: 'contact-website', name: 'Church website', type: 'LinkEntry', properties: {} },
    { id: 'contact-note', name: 'About this form', type: 'Paragraph', properties: { paragraph: '<p>We use these details only to <strong>reach you</strong> about your track.</p>' } },
    ...address.fields,
  ];
  const cell = (fieldId: string, span?: number) => ({ id: `cell-${fieldId}`, fieldId, ...(span ? { span } : {}) });
  return {
    fields,
    layout: [
      { id: 'contact-row-1', children: [cell('contact-heading')] },
      { id: 'contact-row-2', children: [cell('contact-phone', 2), cell('contact-best-time'), cell('contact-method', 2)] },
      { id: 'contact-row-3', children: [cell('contact-website')] },
      address.cell,
      { id: 'contact-row-4', children: [cell('contact-note')] },
    ],
  };
}

export const DEMO_SYSTEM_FORM_ID = 'demo-form-contact';

export function demoForms() {
  const background = demoFormItems();
  const createdAt = background.form.createdAt;
  const name = 'Contact Details';
  const content = contactFormContent();
  const contact = {
    form: { formId: DEMO_SYSTEM_FORM_ID, name, description: 'Where and how to reach a candidate.', system: true, currentVersion: 1, ...content, createdAt },
    formVersion: { formId: DEMO_SYSTEM_FORM_ID, formVersion: 1, name, ...content, createdAt },
  };
  return [background, contact];
}
