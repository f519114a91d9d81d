import { useFieldArray, useFormContext } from 'react-hook-form';
import type { FormField } from '@shared/forms/form-definition';
import { Button } from '../ui';
import { LayoutCells } from './LayoutCells';

interface ListInputProps {
  field: FormField;
  name: string;
  isReadOnly: boolean;
  errorMessage?: string;
}

/** A List field: items of its template sub-form, added and removed within its min and max items. */
export function ListInput({ field, name, isReadOnly, errorMessage }: ListInputProps) {
  const { control } = useFormContext();
  const items = useFieldArray({ control, name });
  const template = field.properties.template ?? { layout: [], fields: [] };
  const most = field.properties.maxItems ?? 100;
  const label = field.name || 'List';
  return (
    <fieldset className="forms-list">
      <legend className="ui-field-label">
        {label}
        {field.properties.required && <span className="ui-required"> * Required</span>}
      </legend>
      {field.properties.instructions && <p className="ui-field-description">{field.properties.instructions}</p>}
      {items.fields.map((item, index) => (
        <div key={item.id} className="forms-list-item" role="group" aria-label={`${label} item ${index + 1}`}>
          <LayoutCells cells={template.layout} fields={template.fields} prefix={`${name}.${index}.`} isReadOnly={isReadOnly} />
          {!isReadOnly && (
            <Button variant="secondary" size="small" onPress={() => items.remove(index)} aria-label={`Remove ${label} item ${index + 1}`}>
              Remove
            </Button>
          )}
        </div>
      ))}
      {!isReadOnly && (
        <Button variant="secondary" size="small" isDisabled={items.fields.length >= most} onPress={() => items.append({})}>
          {`Add ${label} item`}
        </Button>
      )}
      {errorMessage && <p className="ui-field-error">{errorMessage}</p>}
    </fieldset>
  );
}
