import { useState, type DragEvent } from 'react';
import { CONTAINER_TYPES } from '@shared/forms/field-types';
import { allCells, type FormContent, type FormField, type LayoutCell } from '@shared/forms/form-definition';
import { Button } from '../../../components/ui';
import { FieldProperties } from './FieldProperties';
import { appendCell, dropBeside, dropSide, moveCell, moveIntoSection, moveOutOfSection, removeCell, resizeCell, type Direction } from './layout-ops';
import { PALETTE, type PaletteItem } from './palette';
import '../../../components/form-runner/forms.css';

export const EMPTY_CANVAS = 'Drag and drop a widget to start building.';
const DRAG_TYPE = 'application/x-form-builder';
const paletteItems = PALETTE.flatMap((group) => group.items);

interface FormBuilderProps {
  content: FormContent;
  onChange: (content: FormContent) => void;
  isReadOnly: boolean;
  /** A List's item template: a smaller builder inside the properties. */
  nested?: boolean;
}

/**
 * The layout and field editor (SPEC.md section 2): the palette, the canvas of nested layout
 * cells, and the selected field's properties. Every drag has a keyboard alternative: a
 * palette button adds its widget at the end, and each field's buttons move it (up, down,
 * left, right), resize it and remove it; each change is announced.
 */
export function FormBuilder({ content, onChange, isReadOnly, nested = false }: FormBuilderProps) {
  const [selectedCellId, setSelectedCellId] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const byId = new Map(content.fields.map((field) => [field.id, field]));
  const selectedField = (() => {
    const cell = selectedCellId ? allCells(content.layout).find((cell) => cell.id === selectedCellId) : undefined;
    return cell?.fieldId ? byId.get(cell.fieldId) : undefined;
  })();

  function change(next: FormContent | null, message: string) {
    if (!next) {
      setAnnouncement(`${message}: not possible.`);
      return;
    }
    onChange(next);
    setAnnouncement(message);
  }

  function add(item: PaletteItem) {
    const { cell, fields } = item.create();
    change(appendCell(content, cell, fields), `${item.label} added at the end of the form.`);
  }

  function onDropOn(event: DragEvent, targetCellId?: string) {
    event.preventDefault();
    event.stopPropagation();
    const data = event.dataTransfer.getData(DRAG_TYPE);
    if (!data) return;
    const [kind, value] = data.split(':');
    let next = content;
    let movingId = value;
    if (kind === 'palette') {
      const item = paletteItems[Number(value)];
      const { cell, fields } = item.create();
      next = appendCell(content, cell, fields);
      movingId = cell.id;
    }
    if (!targetCellId) return change(next, 'Widget added.');
    const rect = (event.currentTarget as HTMLElement).getBoundingClientRect();
    change(dropBeside(next, movingId, targetCellId, dropSide(rect, event.clientX, event.clientY)) ?? next, 'Widget placed.');
  }

  const fieldName = (cell: LayoutCell) => (cell.fieldId ? (byId.get(cell.fieldId)?.name ?? 'Field') : 'Row');

  function renderCells(cells: LayoutCell[], asRow: boolean) {
    return (
      <div className={asRow ? 'forms-row' : 'forms-stack'}>
        {cells.map((cell) => {
          const field = cell.fieldId ? byId.get(cell.fieldId) : undefined;
          if (!field) return <div key={cell.id} className="forms-cell" style={{ flexGrow: cell.span ?? 1 }}>{renderCells(cell.children ?? [], true)}</div>;
          const name = fieldName(cell);
          const act = (label: string, run: () => void, disabled = false) => (
            <Button size="small" variant="secondary" aria-label={`${label} ${name}`} isDisabled={isReadOnly || disabled} onPress={run}>
              {label}
            </Button>
          );
          const move = (direction: Direction) => act(`Move ${direction}`, () => change(moveCell(content, cell.id, direction), `${name} moved ${direction}.`));
          return (
            <div
              key={cell.id}
              className="forms-cell forms-builder-cell"
              data-selected={selectedCellId === cell.id || undefined}
              style={{ flexGrow: cell.span ?? 1 }}
              draggable={!isReadOnly}
              onDragStart={(event) => {
                event.stopPropagation();
                event.dataTransfer.setData(DRAG_TYPE, `cell:${cell.id}`);
              }}
              onDragOver={(event) => event.preventDefault()}
              onDrop={(event) => onDropOn(event, cell.id)}
            >
              <div className="forms-builder-cell-header">
                <span className="forms-builder-cell-name">{`${name} (${field.type}, span ${cell.span ?? 1})`}</span>
                <div className="forms-builder-cell-actions" role="group" aria-label={`${name} actions`}>
                  {move('up')}
                  {move('down')}
                  {move('left')}
                  {move('right')}
                  {act('Into section', () => change(moveIntoSection(content, cell.id), `${name} moved into the section above.`))}
                  {act('Out of section', () => change(moveOutOfSection(content, cell.id), `${name} moved out of its section.`))}
                  {act('Wider', () => change(resizeCell(content, cell.id, true), `${name} is wider.`))}
                  {act('Narrower', () => change(resizeCell(content, cell.id, false), `${name} is narrower.`))}
                  {act('Edit', () => setSelectedCellId(cell.id))}
                  {act('Remove', () => {
                    if (selectedCellId === cell.id) setSelectedCellId(null);
                    change(removeCell(content, cell.id), `${name} removed.`);
                  })}
                </div>
              </div>
              {CONTAINER_TYPES.includes(field.type) && renderCells(cell.children ?? [], false)}
            </div>
          );
        })}
      </div>
    );
  }

  const updateField = (next: FormField) => onChange({ ...content, fields: content.fields.map((field) => (field.id === next.id ? next : field)) });

  return (
    <div className={nested ? 'forms-builder forms-builder-nested' : 'forms-builder'}>
      {!isReadOnly && (
        <div className="forms-palette" aria-label={nested ? 'List item widgets' : 'Widgets'} role="group">
          {PALETTE.filter((group) => !nested || group.group !== 'Shortcuts').map((group) => (
            <div key={group.group} className="forms-palette-group" role="group" aria-label={group.group}>
              <p className="forms-palette-title">{group.group}</p>
              {group.items.map((item) => (
                <div
                  key={item.label}
                  draggable
                  onDragStart={(event) => event.dataTransfer.setData(DRAG_TYPE, `palette:${paletteItems.indexOf(item)}`)}
                >
                  <Button size="small" variant="secondary" aria-label={nested ? `Add ${item.label} to the list item` : `Add ${item.label}`} onPress={() => add(item)}>
                    {item.label}
                  </Button>
                </div>
              ))}
            </div>
          ))}
        </div>
      )}
      <div className="forms-canvas" aria-label={nested ? 'List item canvas' : 'Form canvas'} role="region" onDragOver={(event) => event.preventDefault()} onDrop={(event) => onDropOn(event)}>
        {content.layout.length === 0 ? <p className="forms-muted">{EMPTY_CANVAS}</p> : renderCells(content.layout, false)}
      </div>
      {selectedField && !isReadOnly && (
        <section className="forms-properties-panel" aria-label={`${selectedField.name} properties`}>
          <FieldProperties field={selectedField} onChange={updateField} />
          <Button size="small" variant="secondary" onPress={() => setSelectedCellId(null)}>
            Done
          </Button>
        </section>
      )}
      <p className="ui-visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}

