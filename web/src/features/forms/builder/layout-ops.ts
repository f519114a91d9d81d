import { allCells, contentProblem, type FormContent, type FormField, type LayoutCell } from '@shared/forms/form-definition';
import { narrowerSpan, widerSpan } from '@shared/forms/span';
import { CONTAINER_TYPES } from '@shared/forms/field-types';

/**
 * Edits of a form's layout, as pure functions over the content, so every drag and its
 * keyboard alternative make the same change. A layout (or a section's children) is a list of
 * rows: a row is a cell without a field holding the cells side by side; a section cell sits
 * in that list like a row.
 */
export type Direction = 'up' | 'down' | 'left' | 'right';

let counter = 0;
/** Ids for new fields and cells: letters first (they are paths in the runner's answers). */
export function newBuilderId(prefix = 'f'): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter.toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

const rowOf = (cells: LayoutCell[]): LayoutCell => ({ id: newBuilderId('r'), children: cells });

/** Adds fields as a new row at the end of the layout (or of a section's rows). */
export function appendCell(content: FormContent, cell: LayoutCell, fields: FormField[], sectionCellId?: string): FormContent {
  const addTo = (rows: LayoutCell[]) => [...rows, cell.fieldId && !cell.children ? rowOf([cell]) : cell];
  const layout = sectionCellId ? mapCells(content.layout, (c) => (c.id === sectionCellId ? { ...c, children: addTo(c.children ?? []) } : c)) : addTo(content.layout);
  return { layout, fields: [...content.fields, ...fields] };
}

function mapCells(cells: LayoutCell[], change: (cell: LayoutCell) => LayoutCell): LayoutCell[] {
  return cells.map((cell) => {
    const changed = change(cell);
    return changed.children ? { ...changed, children: mapCells(changed.children, change) } : changed;
  });
}

/** Removes a field's cell, the fields inside it (a section's) and rows left empty. */
export function removeCell(content: FormContent, cellId: string): FormContent {
  const target = allCells(content.layout).find((cell) => cell.id === cellId);
  if (!target) return content;
  const gone = new Set(allCells([target]).map((cell) => cell.fieldId).filter(Boolean));
  const prune = (cells: LayoutCell[]): LayoutCell[] =>
    cells
      .filter((cell) => cell.id !== cellId)
      .map((cell) => (cell.children ? { ...cell, children: prune(cell.children) } : cell))
      .filter((cell) => cell.fieldId || (cell.children?.length ?? 0) > 0);
  return { layout: prune(content.layout), fields: content.fields.filter((field) => !gone.has(field.id)) };
}

export function resizeCell(content: FormContent, cellId: string, wider: boolean): FormContent {
  return { ...content, layout: mapCells(content.layout, (cell) => (cell.id === cellId ? { ...cell, span: wider ? widerSpan(cell.span) : narrowerSpan(cell.span) } : cell)) };
}

/** Where a cell sits: its list of rows, the row (if any) and the indexes. */
interface Place {
  rows: LayoutCell[];
  rowIndex: number;
  row?: LayoutCell;
  cellIndex: number;
}

function placeIn(rows: LayoutCell[], cellId: string): Place | null {
  for (let rowIndex = 0; rowIndex < rows.length; rowIndex += 1) {
    const row = rows[rowIndex];
    if (row.id === cellId) return { rows, rowIndex, cellIndex: -1 };
    if (!row.fieldId) {
      const cellIndex = (row.children ?? []).findIndex((cell) => cell.id === cellId);
      if (cellIndex >= 0) return { rows, rowIndex, row, cellIndex };
      for (const cell of row.children ?? []) {
        const inner = cell.children ? placeIn(cell.children, cellId) : null;
        if (inner) return inner;
      }
    } else if (row.children) {
      const inner = placeIn(row.children, cellId);
      if (inner) return inner;
    }
  }
  return null;
}

/** The rows list with `next` in place of the one holding the cell. */
function replaceRows(layout: LayoutCell[], old: LayoutCell[], next: LayoutCell[]): LayoutCell[] {
  if (layout === old) return next;
  return layout.map((cell) => (cell.children ? { ...cell, children: replaceRows(cell.children, old, next) } : cell));
}

/**
 * Moves a cell one step (the keyboard alternative of a drag): left and right within its
 * row; up and down into the row above or below (a cell alone in its row moves the row).
 * Answers the new content, or null when it cannot move that way.
 */
export function moveCell(content: FormContent, cellId: string, direction: Direction): FormContent | null {
  const place = placeIn(content.layout, cellId);
  if (!place) return null;
  const rows = [...place.rows];
  const { row, rowIndex, cellIndex } = place;
  const cells = row?.children ?? [];
  if (direction === 'left' || direction === 'right') {
    const to = cellIndex + (direction === 'left' ? -1 : 1);
    if (!row || to < 0 || to >= cells.length) return null;
    const reordered = [...cells];
    [reordered[cellIndex], reordered[to]] = [reordered[to], reordered[cellIndex]];
    rows[rowIndex] = { ...row, children: reordered };
    return { ...content, layout: replaceRows(content.layout, place.rows, rows) };
  }
  const step = direction === 'up' ? -1 : 1;
  const alone = !row || cells.length === 1;
  if (alone) {
    const to = rowIndex + step;
    if (to < 0 || to >= rows.length) return null;
    [rows[rowIndex], rows[to]] = [rows[to], rows[rowIndex]];
    return { ...content, layout: replaceRows(content.layout, place.rows, rows) };
  }
  // Leaves a shared row: it becomes a row of its own above or below.
  const cell = cells[cellIndex];
  rows[rowIndex] = { ...row, children: cells.filter((_, index) => index !== cellIndex) };
  rows.splice(direction === 'up' ? rowIndex : rowIndex + 1, 0, rowOf([cell]));
  return { ...content, layout: replaceRows(content.layout, place.rows, rows) };
}

/** Moves a cell beside another (a drop on its left or right zone), or into a row above or below it. */
export function dropBeside(content: FormContent, cellId: string, targetId: string, side: 'before' | 'after' | 'left' | 'right'): FormContent | null {
  if (cellId === targetId) return null;
  const moving = allCells(content.layout).find((cell) => cell.id === cellId);
  if (!moving || allCells([moving]).some((cell) => cell.id === targetId)) return null;
  const without = removeCellOnly(content.layout, cellId);
  const place = placeIn(without, targetId);
  if (!place) return null;
  const rows = [...place.rows];
  if ((side === 'left' || side === 'right') && place.row) {
    const children = [...(place.row.children ?? [])];
    children.splice(place.cellIndex + (side === 'right' ? 1 : 0), 0, moving);
    rows[place.rowIndex] = { ...place.row, children };
  } else {
    rows.splice(place.rowIndex + (side === 'after' || side === 'right' ? 1 : 0), 0, moving.fieldId && !moving.children ? rowOf([moving]) : moving);
  }
  return { ...content, layout: replaceRows(without, place.rows, rows) };
}

/** The section cells among a list of rows and in its rows, keyed by their row's index. */
function sectionsIn(rows: LayoutCell[], content: FormContent): Array<{ rowIndex: number; section: LayoutCell }> {
  const containers = new Set(content.fields.filter((field) => CONTAINER_TYPES.includes(field.type)).map((field) => field.id));
  const isSection = (cell: LayoutCell) => Boolean(cell.fieldId && containers.has(cell.fieldId));
  return rows.flatMap((row, rowIndex) => (isSection(row) ? [row] : (row.children ?? []).filter(isSection)).map((section) => ({ rowIndex, section })));
}

/**
 * The keyboard's way into a section: the cell becomes the last row of the nearest section
 * above it at its level. Null when there is none.
 */
export function moveIntoSection(content: FormContent, cellId: string): FormContent | null {
  const place = placeIn(content.layout, cellId);
  if (!place) return null;
  const target = sectionsIn(place.rows, content)
    .filter(({ rowIndex, section }) => rowIndex < place.rowIndex && section.id !== cellId)
    .at(-1)?.section;
  const moving = allCells(content.layout).find((cell) => cell.id === cellId);
  if (!target || !moving) return null;
  const entry = moving.fieldId && !moving.children ? rowOf([moving]) : moving;
  const layout = mapCells(removeCellOnly(content.layout, cellId), (cell) => (cell.id === target.id ? { ...cell, children: [...(cell.children ?? []), entry] } : cell));
  // Sections nest only so deep (a version's limit).
  return contentProblem({ ...content, layout }) ? null : { ...content, layout };
}

/** The keyboard's way out of a section: the cell becomes a row of its own right below the section. Null at the top level. */
export function moveOutOfSection(content: FormContent, cellId: string): FormContent | null {
  const place = placeIn(content.layout, cellId);
  const section = place && allCells(content.layout).find((cell) => cell.fieldId && cell.children === place.rows);
  return section ? dropBeside(content, cellId, section.id, 'after') : null;
}

function removeCellOnly(cells: LayoutCell[], cellId: string): LayoutCell[] {
  return cells
    .filter((cell) => cell.id !== cellId)
    .map((cell) => (cell.children ? { ...cell, children: removeCellOnly(cell.children, cellId) } : cell))
    .filter((cell) => cell.fieldId || (cell.children?.length ?? 0) > 0);
}

/** SPEC.md section 9: a drop near the left or right fifth goes beside, near the top or bottom 30% above or below. */
export function dropSide(rect: { left: number; top: number; width: number; height: number }, x: number, y: number): 'before' | 'after' | 'left' | 'right' {
  const across = (x - rect.left) / rect.width;
  const down = (y - rect.top) / rect.height;
  if (across < 0.2) return 'left';
  if (across > 0.8) return 'right';
  if (down < 0.3) return 'before';
  if (down > 0.7) return 'after';
  return down < 0.5 ? 'before' : 'after';
}
