import { FILE_KINDS } from '@shared/forms/field-types';
import type { FieldProperties as Properties, FormField } from '@shared/forms/form-definition';
import { Checkbox, RadioGroup, TextArea, TextField } from '../../../components/ui';
import { FormBuilder } from './FormBuilder';
import { LazyRichTextEditor } from '../../../components/rich-text/LazyRichTextEditor';
import { EDITOR_HEIGHTS } from '@shared/rich-text/allow-list';

const numberOrNothing = (text: string) => (text.trim() === '' || !Number.isFinite(Number(text)) ? undefined : Number(text));

/** Every property of SPEC.md section 3 that the field's type has, edited in place. */
export function FieldProperties({ field, onChange }: { field: FormField; onChange: (field: FormField) => void }) {
  const p = field.properties;
  const set = (changes: Partial<Properties>) => onChange({ ...field, properties: { ...p, ...changes } });
  const t = field.type;
  const input = ['Text', 'TextArea', 'Number', 'PhoneNumber', 'Date', 'Time', 'Radio', 'Checkbox', 'Select', 'File', 'List', 'LinkEntry'].includes(t);
  return (
    <div className="forms-properties">
      <TextField label="Name" value={field.name} onChange={(name) => onChange({ ...field, name })} />
      {input && <Checkbox isSelected={Boolean(p.required)} onChange={(required) => set({ required })}>Required</Checkbox>}
      {['Text', 'TextArea', 'Number', 'PhoneNumber', 'Select', 'LinkEntry'].includes(t) && <TextField label="Placeholder" value={p.placeholder ?? ''} onChange={(placeholder) => set({ placeholder })} />}
      {input && <TextArea label="Instructions" value={p.instructions ?? ''} onChange={(instructions) => set({ instructions })} rows={2} />}
      {['Radio', 'Checkbox', 'Select'].includes(t) && (
        <TextArea label="Options (one per line; empty ones are dropped)" value={(p.options ?? []).join('\n')} onChange={(text) => set({ options: text.split('\n') })} rows={4} />
      )}
      {['Text', 'TextArea'].includes(t) && <TextField label="Max length" type="number" value={p.maxLength?.toString() ?? ''} onChange={(text) => set({ maxLength: numberOrNothing(text) })} />}
      {['Text', 'TextArea', 'Number'].includes(t) && (
        <>
          <TextField label={t === 'Number' ? 'Min' : 'Min length'} type="number" value={p.min?.toString() ?? ''} onChange={(text) => set({ min: numberOrNothing(text) })} />
          {t === 'Number' && <TextField label="Max" type="number" value={p.max?.toString() ?? ''} onChange={(text) => set({ max: numberOrNothing(text) })} />}
        </>
      )}
      {t === 'Link' && <TextField label="Link" type="url" value={p.link ?? ''} onChange={(link) => set({ link })} />}
      {t === 'Paragraph' && <LazyRichTextEditor label="Paragraph" value={p.paragraph ?? ''} onChange={(paragraph) => set({ paragraph })} height={EDITOR_HEIGHTS.paragraph} />}
      {t === 'File' && (
        <>
          <TextField label="File name" value={p.name ?? ''} onChange={(name) => set({ name })} />
          <Checkbox isSelected={Boolean(p.multiple)} onChange={(multiple) => set({ multiple })}>Multiple files</Checkbox>
          <RadioGroup label="File type" orientation="horizontal" value={p.type ?? 'Any'} onChange={(type) => set({ type: type as Properties['type'] })} options={FILE_KINDS.map((kind) => ({ value: kind, label: kind }))} />
        </>
      )}
      {t === 'List' && (
        <>
          <TextField label="Min items" type="number" value={p.minItems?.toString() ?? ''} onChange={(text) => set({ minItems: numberOrNothing(text) })} />
          <TextField label="Max items" type="number" value={p.maxItems?.toString() ?? ''} onChange={(text) => set({ maxItems: numberOrNothing(text) })} />
          <div className="forms-template">
            <p className="ui-field-label">List item template</p>
            <FormBuilder content={p.template ?? { layout: [], fields: [] }} onChange={(template) => set({ template })} isReadOnly={false} nested />
          </div>
        </>
      )}
    </div>
  );
}
