import { useState, type DragEvent } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { CONTAINER_TYPES, takesAnswer, type FieldType } from '@shared/forms/field-types';
import { allCells, type FormContent, type FormField, type LayoutCell } from '@shared/forms/form-definition';
import { Button, MenuButton, type MenuItemSpec } from '../../../components/ui';
import { DisplayField, FieldInput } from '../../../components/form-runner/FieldInput';
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
  /** How many top-level cells to draw (the editor reveals them in turn); all when absent. */
  shownCells?: number;
}

/** The palette's name of a field type ('TextArea' is 'Text Area'). */
const TYPE_LABELS: Partial<Record<FieldType, string>> = { TextArea: 'Text Area', PhoneNumber: 'Phone', LinkEntry: 'Link Entry' };
const typeLabel = (type: FieldType) => TYPE_LABELS[type] ?? type;

/** The field as the participant will see it, drawn by the runner's own inputs (a preview: nothing is answered). */
function FieldPreview({ field }: { field: FormField }) {
  if (field.type === 'Paragraph' && !field.properties.paragraph) return <p className="forms-muted">Empty paragraph</p>;
  if (!takesAnswer(field.type)) return <DisplayField field={field} />;
  return <FieldInput field={field} name={`preview_${field.id}`} isReadOnly={false} />;
}

function ArrowIcon({ direction }: { direction: 'up' | 'down' }) {
  return (
    <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round">
      <path d={direction === 'up' ? 'M8 13V3M4 7l4-4 4 4' : 'M8 3v10M4 9l4 4 4-4'} />
    </svg>
  );
}

/**
 * The layout and field editor (SPEC.md section 2): the palette, the canvas of nested layout
 * cells, and the selected field's properties. Each field on the canvas shows as the participant
 * will see it (the runner's inputs, inert), under a quiet bar: its type and span, Move up and
 * Move down, Edit, and More (a menu: move left or right, into or out of a section, wider,
 * narrower, remove; moves it cannot make are disabled). Every drag has a keyboard alternative:
 * a palette button adds its widget at the end, and the bar moves, resizes and removes the field;
 * each change is announced.
 */
export function FormBuilder({ content, onChange, isReadOnly, nested = false, shownCells }: FormBuilderProps) {
  const [selectedCellId, setSelectedCellId] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  // The canvas shows each field through the runner's own inputs; their answers go nowhere.
  const preview = useForm();
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
          const isContainer = CONTAINER_TYPES.includes(field.type);
          const edit = () => setSelectedCellId(cell.id);
          const remove = () => {
            if (selectedCellId === cell.id) setSelectedCellId(null);
            change(removeCell(content, cell.id), `${name} removed.`);
          };
          // Each move is offered only where it can go (the layout operation answers null where it cannot).
          const move = (direction: Direction) => ({
            label: `Move ${direction}`,
            isDisabled: moveCell(content, cell.id, direction) === null,
            run: () => change(moveCell(content, cell.id, direction), `${name} moved ${direction}.`),
          });
          const more: MenuItemSpec[] = ([
            move('left'),
            move('right'),
            { label: 'Into section', isDisabled: moveIntoSection(content, cell.id) === null, run: () => change(moveIntoSection(content, cell.id), `${name} moved into the section above.`) },
            { label: 'Out of section', isDisabled: moveOutOfSection(content, cell.id) === null, run: () => change(moveOutOfSection(content, cell.id), `${name} moved out of its section.`) },
            { label: 'Wider', run: () => change(resizeCell(content, cell.id, true), `${name} is wider.`) },
            { label: 'Narrower', run: () => change(resizeCell(content, cell.id, false), `${name} is narrower.`) },
            { label: 'Remove', tone: 'danger' as const, run: remove },
          ] as Array<{ label: string; isDisabled?: boolean; tone?: 'danger'; run: () => void }>).map((item) => ({ id: item.label, label: item.label, isDisabled: item.isDisabled, tone: item.tone, onAction: item.run }));
          const up = move('up');
          const down = move('down');
          return (
            <div
              key={cell.id}
              className="forms-cell forms-builder-cell"
              data-selected={selectedCellId === cell.id || undefined}
              data-container={isContainer || undefined}
              style={{ flexGrow: cell.span ?? 1 }}
              draggable={!isReadOnly}
              onDragStart={(event) => {
                event.stopPropagation();
                event.dataTransfer.setData(DRAG_TYPE, `cell:${cell.id}`);
              }}
              onDragOver={(event) => event.preventDefault()}
              onDrop={(event) => onDropOn(event, cell.id)}
              // A click on the preview (inert: the click lands on the cell itself) edits the field, as Edit does.
              onClick={(event) => {
                if (!isReadOnly && event.target === event.currentTarget) edit();
              }}
            >
              <div className="forms-builder-cell-bar">
                <span className="forms-builder-cell-name">{`${typeLabel(field.type)} · span ${cell.span ?? 1}`}</span>
                {!isReadOnly && (
                  <div className="forms-builder-cell-actions" role="group" aria-label={`${name} actions`}>
                    <Button size="small" variant="ghost" className="forms-builder-icon" aria-label={`Move up ${name}`} isDisabled={up.isDisabled} onPress={up.run}>
                      <ArrowIcon direction="up" />
                    </Button>
                    <Button size="small" variant="ghost" className="forms-builder-icon" aria-label={`Move down ${name}`} isDisabled={down.isDisabled} onPress={down.run}>
                      <ArrowIcon direction="down" />
                    </Button>
                    <Button size="small" variant="ghost" aria-label={`Edit ${name}`} onPress={edit}>
                      Edit
                    </Button>
                    <MenuButton label="More" aria-label={`More actions for ${name}`} variant="ghost" size="small" items={more} />
                  </div>
                )}
              </div>
              {isContainer ? (
                <>
                  <p className="forms-section-title">{field.name}</p>
                  {renderCells(cell.children ?? [], false)}
                </>
              ) : (
                // What the participant will see, as a picture: not focusable nor read out (the bar names the field).
                <div className="forms-builder-preview" inert>
                  <FieldPreview field={field} />
                </div>
              )}
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
        <FormProvider {...preview}>
          {content.layout.length === 0 ? <p className="forms-muted">{EMPTY_CANVAS}</p> : renderCells(content.layout.slice(0, shownCells), false)}
        </FormProvider>
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

