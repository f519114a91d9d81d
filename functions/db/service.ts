import { Service } from 'electrodb';
import { config } from '../lib/config';
import { documentClient } from './client';
import { entities } from './entities';

function createService() {
  return new Service(entities, { client: documentClient(), table: config.tableName });
}

let service: ReturnType<typeof createService> | undefined;

/**
 * The ElectroDB Service over the one table. Built on first use, reading the table name
 * then (tests set TABLE_NAME per file before their first call).
 */
export function db() {
  service ??= createService();
  return service;
}

export type Db = ReturnType<typeof db>;
