import * as z from 'zod';
import { defineContract } from './contract';
import { BULK_MAX } from './limits';
import { booleanText, limitSchema, offsetSchema, orderBySchema, pageOf, relationsSchema, searchTextSchema, tableOptionText, whereSchema } from './list-query';
import { idSchema } from './id-list';
import { locationNameSchema, locationRowSchema, locationSchema, parentIdSchema } from '../schemas/location';
import { quietTimeSchema, timeZoneSchema } from '../schemas/conference-settings';
import { LOCATION_KINDS, type LocationKind, type Subject } from '../auth/vocabulary';

/**
 * The generic set of SPEC.md section 7 for one location kind (jurisdiction, episcopal-area,
 * conference, district, church). Lists read a scope's sorted list (the caller's locations
 * and what lies under them), search matches word prefixes of names, counts are counters.
 *
 * Filters: `where[name]` word-prefix search, `where[parentId]` narrows to one location's
 * subtree (the churches of a district ...), `where[active]` picks the active (default) or the
 * deactivated list. DELETE deactivates: people and history keep pointing at the location.
 */
export interface LocationSetConfig<S extends string, K extends LocationKind> {
  service: S;
  kind: K;
  /** Plural noun for summaries. */
  plural: string;
  /** Columns with a sorted list behind them: the name, and the parent's name. */
  sortable: readonly ('name' | 'parentName')[];
  /** Jurisdictions hang from the System root; everything else names its parent. */
  hasParent: boolean;
  /** Conferences: a time zone and SMS quiet hours (shared/schemas/conference-settings.ts). */
  messagingSettings?: boolean;
}

const RELATIONS = ['parent'] as const;

export function locationSetContracts<S extends string, K extends LocationKind>(config: LocationSetConfig<S, K>) {
  const { service, kind, plural } = config;
  const base = `/api/${service}`;
  const subject: Subject = kind;
  const id = (operation: string) => `${service}.${operation}`;
  // Where the power must lie (contract.ts, canAt): a new one is made under its parent, so creating needs power at the
  // kind above (a conference admin never creates a conference); editing one needs power at its own kind or above
  // (a district admin, whose power follows their districts, never edits a conference). Jurisdictions hang from the System root.
  const parentKind: LocationKind | undefined = LOCATION_KINDS[LOCATION_KINDS.indexOf(kind) - 1];
  const createAt = parentKind ? { canAt: parentKind } : {};

  const createBody = config.hasParent ? z.object({ name: locationNameSchema, parentId: parentIdSchema }) : z.object({ name: locationNameSchema, parentId: z.undefined().optional() });
  // A new parentId moves the location (a background job carries its descendants along).
  const changes = {
    name: locationNameSchema.optional(),
    active: z.boolean().optional(),
    parentId: config.hasParent ? parentIdSchema.optional() : z.undefined().optional(),
    timeZone: config.messagingSettings ? timeZoneSchema.optional() : z.undefined().optional(),
    quietHoursStart: config.messagingSettings ? quietTimeSchema.optional() : z.undefined().optional(),
    quietHoursEnd: config.messagingSettings ? quietTimeSchema.optional() : z.undefined().optional(),
  };
  const versionField = { version: z.number({ error: 'version is required' }).int() };
  const where = whereSchema({ name: searchTextSchema.optional(), parentId: idSchema.optional(), active: booleanText.optional() });
  const orderBy = orderBySchema(config.sortable);
  const listQuery = z.object({ limit: limitSchema, offset: offsetSchema, relations: relationsSchema(RELATIONS), orderBy, where });
  const byIdParams = z.object({ id: idSchema });

  const create = defineContract({
    id: id('create'), service, method: 'POST', path: base, access: 'session', can: ['create', subject], ...createAt, status: 201,
    summary: `Creates a ${kind} under a location the caller may create it in.`,
    body: createBody, response: locationSchema,
  });
  const list = defineContract({
    id: id('list'), service, method: 'GET', path: base, access: 'session', can: ['read', subject],
    summary: `A page of the ${plural} the caller can see, sorted by name.`,
    query: z.object({ limit: limitSchema, offset: offsetSchema, relations: relationsSchema(RELATIONS) }), response: z.array(locationRowSchema),
  });
  const update = defineContract({
    id: id('update'), service, method: 'PATCH', path: base, access: 'session', can: ['update', subject], canAt: kind,
    summary: `Renames, moves, deactivates or reactivates a ${kind}${config.messagingSettings ? ', or sets its time zone and SMS quiet hours' : ''} (body names it by id).`,
    body: z.object({ id: idSchema, ...versionField, ...changes }), response: locationSchema,
  });
  const remove = defineContract({
    id: id('remove'), service, method: 'DELETE', path: base, access: 'session', can: ['delete', subject],
    summary: `Deactivates a ${kind} (body names it by id).`,
    body: z.object({ id: idSchema }), response: locationSchema,
  });
  const bulk = defineContract({
    id: id('bulk'), service, method: 'POST', path: `${base}/bulk`, access: 'session', can: ['create', subject], ...createAt, status: 201,
    summary: `Creates up to ${BULK_MAX} ${plural} at once.`,
    body: z.array(createBody).min(1, 'Add at least one item.').max(BULK_MAX, `At most ${BULK_MAX} items at once.`), response: z.array(locationSchema),
  });
  const quickSearch = defineContract({
    id: id('quickSearch'), service, method: 'GET', path: `${base}/quickSearch`, access: 'session', can: ['read', subject], rateLimit: 'search',
    summary: `The admin table: a page of ${plural} with the total, sorted, searched and filtered on designed lists.`,
    query: listQuery.extend({ tableName: tableOptionText.optional(), isQuickSearch: booleanText.optional() }), response: pageOf(locationRowSchema),
  });
  const count = defineContract({
    id: id('count'), service, method: 'GET', path: `${base}/count`, access: 'session', can: ['read', subject],
    summary: `How many active ${plural} the caller can see (counters, not a count of rows).`,
    query: z.object({ where }), response: z.number().int(),
  });
  const query = defineContract({
    id: id('query'), service, method: 'POST', path: `${base}/query`, access: 'session', can: ['read', subject],
    summary: `A page of ${plural} by the same filters and order as quickSearch, in the body.`,
    body: z.object({ limit: limitSchema, offset: offsetSchema, orderBy, where, relations: relationsSchema(RELATIONS) }), response: z.array(locationRowSchema),
  });
  const search = defineContract({
    id: id('search'), service, method: 'POST', path: `${base}/search`, access: 'session', can: ['read', subject], rateLimit: 'search',
    summary: `${plural} whose name has a word starting with the text (pickers).`,
    body: z.object({ where, limit: limitSchema, relations: relationsSchema(RELATIONS) }), response: z.array(locationRowSchema),
  });
  const get = defineContract({
    id: id('get'), service, method: 'GET', path: `${base}/{id}`, access: 'session', can: ['read', subject],
    summary: `One ${kind}.`, params: byIdParams, query: z.object({ relations: relationsSchema(RELATIONS) }), response: locationSchema,
  });
  const updateById = defineContract({
    id: id('updateById'), service, method: 'PATCH', path: `${base}/{id}`, access: 'session', can: ['update', subject], canAt: kind,
    summary: `Renames, moves, deactivates or reactivates a ${kind}${config.messagingSettings ? ', or sets its time zone and SMS quiet hours' : ''}.`,
    params: byIdParams, body: z.object({ ...versionField, ...changes }), response: locationSchema,
  });
  const removeById = defineContract({
    id: id('removeById'), service, method: 'DELETE', path: `${base}/{id}`, access: 'session', can: ['delete', subject],
    summary: `Deactivates a ${kind}.`, params: byIdParams, response: locationSchema,
  });

  return { create, list, update, remove, bulk, quickSearch, count, query, search, get, updateById, removeById };
}

export type LocationSet = ReturnType<typeof locationSetContracts>;
