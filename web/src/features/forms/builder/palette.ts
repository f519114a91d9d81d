import { addressShortcut } from '@shared/forms/address-shortcut';
import type { FieldType } from '@shared/forms/field-types';
import type { FormField, LayoutCell } from '@shared/forms/form-definition';
import { newBuilderId } from './layout-ops';

export interface PaletteItem {
  label: string;
  create: () => { cell: LayoutCell; fields: FormField[] };
}

function widget(label: string, type: FieldType, properties: FormField['properties'] = {}): PaletteItem {
  return {
    label,
    create: () => {
      const field: FormField = { id: newBuilderId(), name: label, type, properties };
      return { cell: { id: newBuilderId('c'), fieldId: field.id }, fields: [field] };
    },
  };
}

/** SPEC.md section 2's palette, in its order and with its labels. */
export const PALETTE: ReadonlyArray<{ group: string; items: PaletteItem[] }> = [
  { group: 'Shortcuts', items: [{ label: 'Address', create: () => addressShortcut(() => newBuilderId()) }] },
  {
    group: 'Input',
    items: [
      widget('Text', 'Text'),
      widget('Text Area', 'TextArea'),
      widget('Number', 'Number'),
      widget('Phone', 'PhoneNumber'),
      widget('Date', 'Date'),
      widget('Time', 'Time'),
      widget('Radio', 'Radio', { options: ['Option 1', 'Option 2'] }),
      widget('Checkbox', 'Checkbox'),
      widget('Select', 'Select', { options: ['Option 1', 'Option 2'] }),
      widget('File', 'File', { type: 'Any' }),
      widget('List', 'List', { template: { layout: [], fields: [] } }),
      widget('Link Entry', 'LinkEntry'),
    ],
  },
  { group: 'Information', items: [widget('Link', 'Link', { link: 'https://' }), widget('Paragraph', 'Paragraph', { paragraph: '<p>Text</p>' })] },
  { group: 'Layout', items: [widget('Heading', 'Heading'), widget('Separator', 'Separator')] },
];
