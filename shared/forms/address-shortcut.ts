import type { FormField, LayoutCell } from './form-definition';
import { US_STATE_CODES } from './us-states';

/**
 * SPEC.md section 3's Address shortcut: a section holding Address One (required), Address
 * Two, City (required), State (required select of US states incl. DC) and Zip Code
 * (required). `newId` makes the ids, so two addresses in one form never clash.
 */
export function addressShortcut(newId: () => string): { cell: LayoutCell; fields: FormField[] } {
  const section: FormField = { id: newId(), name: 'Address', type: 'Address', properties: {} };
  const parts: FormField[] = [
    { id: newId(), name: 'Address One', type: 'Text', properties: { required: true } },
    { id: newId(), name: 'Address Two', type: 'Text', properties: {} },
    { id: newId(), name: 'City', type: 'Text', properties: { required: true } },
    { id: newId(), name: 'State', type: 'Select', properties: { required: true, options: [...US_STATE_CODES] } },
    { id: newId(), name: 'Zip Code', type: 'Text', properties: { required: true } },
  ];
  const cell = (field: FormField): LayoutCell => ({ id: newId(), fieldId: field.id });
  const row = (fields: FormField[]): LayoutCell => ({ id: newId(), children: fields.map(cell) });
  return {
    cell: { id: newId(), fieldId: section.id, children: [row([parts[0]]), row([parts[1]]), row([parts[2], parts[3], parts[4]])] },
    fields: [section, ...parts],
  };
}
