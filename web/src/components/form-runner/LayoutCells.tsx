import type { FormField, LayoutCell } from '@shared/forms/form-definition';
import { CONTAINER_TYPES, takesAnswer } from '@shared/forms/field-types';
import { DisplayField, FieldInput } from './FieldInput';

interface LayoutCellsProps {
  cells: LayoutCell[];
  fields: FormField[];
  /** Prepended to field ids to make answer paths (a list item's `list.0.`). */
  prefix?: string;
  isReadOnly: boolean;
  /** Cells of one row sit side by side; others stack. */
  asRow?: boolean;
}

/** The nested layout cells of a form version, each field in its span. */
export function LayoutCells({ cells, fields, prefix = '', isReadOnly, asRow = false }: LayoutCellsProps) {
  const byId = new Map(fields.map((field) => [field.id, field]));
  return (
    <div className={asRow ? 'forms-row' : 'forms-stack'}>
      {cells.map((cell) => (
        <div key={cell.id} className="forms-cell" style={{ flexGrow: cell.span ?? 1 }}>
          <Cell cell={cell} field={cell.fieldId ? byId.get(cell.fieldId) : undefined} fields={fields} prefix={prefix} isReadOnly={isReadOnly} />
        </div>
      ))}
    </div>
  );
}

function Cell({ cell, field, fields, prefix, isReadOnly }: { cell: LayoutCell; field: FormField | undefined; fields: FormField[]; prefix: string; isReadOnly: boolean }) {
  const children = cell.children ?? [];
  if (!field) return <LayoutCells cells={children} fields={fields} prefix={prefix} isReadOnly={isReadOnly} asRow />;
  if (CONTAINER_TYPES.includes(field.type)) {
    return (
      <fieldset className="forms-section">
        <legend className="forms-section-title">{field.name}</legend>
        <LayoutCells cells={children} fields={fields} prefix={prefix} isReadOnly={isReadOnly} />
      </fieldset>
    );
  }
  if (!takesAnswer(field.type)) return <DisplayField field={field} />;
  return <FieldInput field={field} name={`${prefix}${field.id}`} isReadOnly={isReadOnly} />;
}
