import { LOCATION_KINDS, type LocationKind } from '../../shared/auth/vocabulary';
import { locationNameSchema } from '../../shared/schemas/location';
import { CsvSyntaxError, parseCsv } from './csv';

/**
 * The organisation file of `npm run bootstrap --org`: one location a row, columns
 * `kind,name,parent` (docs/organisation.sample.csv). This file checks each row on its own
 * (kind, name, the parent's form); organisation-plan.ts checks rows against each other and
 * the table.
 */
export const ORGANISATION_COLUMNS = ['kind', 'name', 'parent'] as const;
type Column = (typeof ORGANISATION_COLUMNS)[number];

/** Separates the names of a parent's path ("Blue Ridge Conference > Foothills District"). */
export const PATH_SEPARATOR = '>';

export interface RowError {
  row: number;
  column: string;
  message: string;
}

export interface OrganisationRow {
  row: number;
  kind: LocationKind;
  name: string;
  /** The parent's name, after the names of its own parents when they are given; empty for a jurisdiction. */
  parentPath: string[];
}

/** 'EpiscopalArea' -> 'episcopal area', as messages name a kind. */
export const kindLabel = (kind: string) => kind.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

/** '3 churches', '1 episcopal area'. */
export const kindCount = (kind: string, count: number) => {
  const label = kindLabel(kind);
  return `${count} ${count === 1 ? label : /(ch|sh|s|x)$/.test(label) ? `${label}es` : `${label}s`}`;
};

const squeeze = (text: string) => text.toLowerCase().replace(/[\s_-]+/g, '');
const KIND_BY_SPELLING = new Map(LOCATION_KINDS.map((kind) => [squeeze(kind), kind]));
const KIND_CHOICES = `${LOCATION_KINDS.slice(0, -1).map((kind) => kindLabel(kind)).join(', ')} or ${kindLabel(LOCATION_KINDS.at(-1)!)}`;

export function formatRowError(error: RowError): string {
  return `row ${error.row}, ${error.column}: ${error.message}`;
}

/** Every row of the file, and every error found in any of them (all are reported at once). */
export function readOrganisationRows(text: string): { rows: OrganisationRow[]; errors: RowError[] } {
  let records;
  try {
    records = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError) return { rows: [], errors: [{ row: error.row, column: 'file', message: error.message }] };
    throw error;
  }
  const [header, ...body] = records;
  if (!header) return { rows: [], errors: [{ row: 1, column: 'file', message: `the file is empty: its first row names the columns ${ORGANISATION_COLUMNS.join(',')}` }] };
  const columns = readHeader(header.row, header.fields);
  if ('errors' in columns) return { rows: [], errors: columns.errors };

  const rows: OrganisationRow[] = [];
  const errors: RowError[] = [];
  for (const record of body) {
    if (record.fields.length > columns.count) {
      errors.push({ row: record.row, column: 'row', message: `${record.fields.length} fields, but the header names ${columns.count} columns` });
      continue;
    }
    const value = (column: Column) => record.fields[columns.index[column]] ?? '';
    const read = readRow(record.row, value);
    if ('errors' in read) errors.push(...read.errors);
    else rows.push(read);
  }
  return { rows, errors };
}

function readHeader(row: number, fields: string[]): { index: Record<Column, number>; count: number } | { errors: RowError[] } {
  const names = fields.map((field) => field.trim().toLowerCase());
  const errors: RowError[] = [];
  names.forEach((name, position) => {
    if (!(ORGANISATION_COLUMNS as readonly string[]).includes(name)) errors.push({ row, column: name || `column ${position + 1}`, message: `unknown column: the columns are ${ORGANISATION_COLUMNS.join(', ')}` });
    else if (names.indexOf(name) !== position) errors.push({ row, column: name, message: 'the column is named twice' });
  });
  for (const column of ORGANISATION_COLUMNS) if (!names.includes(column)) errors.push({ row, column, message: 'the header lacks this column' });
  if (errors.length) return { errors };
  return { index: Object.fromEntries(ORGANISATION_COLUMNS.map((column) => [column, names.indexOf(column)])) as Record<Column, number>, count: names.length };
}

function readRow(row: number, value: (column: Column) => string): OrganisationRow | { errors: RowError[] } {
  const errors: RowError[] = [];
  const kind = KIND_BY_SPELLING.get(squeeze(value('kind')));
  if (!value('kind')) errors.push({ row, column: 'kind', message: 'missing: one of ' + KIND_CHOICES });
  else if (!kind) errors.push({ row, column: 'kind', message: `unknown kind "${value('kind')}": use ${KIND_CHOICES}` });

  const name = locationNameSchema.safeParse(value('name'));
  if (!name.success) errors.push({ row, column: 'name', message: name.error.issues[0]!.message });
  // Only a church is never a parent, so only a church's name may hold the path separator.
  else if (kind && kind !== 'Church' && name.data.includes(PATH_SEPARATOR)) errors.push({ row, column: 'name', message: `a ${kindLabel(kind)}'s name may not contain "${PATH_SEPARATOR}": it separates the names of a parent's path` });

  const parentPath = value('parent').split(PATH_SEPARATOR).map((part) => part.trim());
  const noParent = parentPath.length === 1 && parentPath[0] === '';
  if (kind === 'Jurisdiction' && !noParent) errors.push({ row, column: 'parent', message: 'a jurisdiction hangs from the System root: leave parent empty' });
  else if (kind && kind !== 'Jurisdiction' && noParent) errors.push({ row, column: 'parent', message: `missing: the name of the ${kindLabel(LOCATION_KINDS[LOCATION_KINDS.indexOf(kind) - 1]!)} it belongs to` });
  else if (!noParent && parentPath.includes('')) errors.push({ row, column: 'parent', message: `an empty name in the path "${value('parent')}"` });

  if (errors.length || !kind || !name.success) return { errors };
  return { row, kind, name: name.data, parentPath: noParent ? [] : parentPath };
}
