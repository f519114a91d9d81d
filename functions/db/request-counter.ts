import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';

/**
 * Counts DynamoDB requests and the capacity they consumed, for the benchmark
 * (ARCHITECTURE.md section 12: requests per API call, capacity per list page).
 * One logical command counts once, whatever the SDK retries underneath.
 */
export interface RequestCounterSnapshot {
  requests: number;
  readCapacity: number;
  writeCapacity: number;
  byCommand: Record<string, number>;
  /** Audit entries written (issue 25, item 6) and the write units they cost, inside `writeCapacity`. */
  auditEntries: number;
  auditEntryUnits: number;
}

/**
 * Commands that accept ReturnConsumedCapacity, and which side of the budget they spend.
 * Scan is deliberately absent: nothing may send one (ARCHITECTURE.md section 5); were one
 * sent, it would still show in `requests` and `byCommand`.
 */
const CAPACITY_KIND: Record<string, 'read' | 'write'> = {
  GetItemCommand: 'read',
  QueryCommand: 'read',
  BatchGetItemCommand: 'read',
  TransactGetItemsCommand: 'read',
  PutItemCommand: 'write',
  UpdateItemCommand: 'write',
  DeleteItemCommand: 'write',
  BatchWriteItemCommand: 'write',
  TransactWriteItemsCommand: 'write',
};

interface ConsumedCapacity {
  CapacityUnits?: number;
  ReadCapacityUnits?: number;
  WriteCapacityUnits?: number;
}

function unitsOf(consumed: ConsumedCapacity | ConsumedCapacity[] | undefined, kind: 'read' | 'write'): number {
  const list = Array.isArray(consumed) ? consumed : consumed ? [consumed] : [];
  return list.reduce((sum, entry) => {
    const specific = kind === 'read' ? entry.ReadCapacityUnits : entry.WriteCapacityUnits;
    return sum + (specific ?? entry.CapacityUnits ?? 0);
  }, 0);
}

/** An item's entity as ElectroDB stores it, in plain or marshalled form. */
function entityOf(item: Record<string, any> | undefined): unknown {
  const value = item?.__edb_e__;
  return typeof value === 'object' && value !== null ? value.S : value;
}

const MARSHALLED = new Set(['S', 'N', 'B', 'BOOL', 'NULL', 'M', 'L', 'SS', 'NS', 'BS']);

/** A value's bytes as DynamoDB sizes it: strings their UTF-8, numbers about their digits, maps and lists their parts plus 3. */
function valueBytes(value: unknown): number {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const keys = Object.keys(value);
    if (keys.length === 1 && MARSHALLED.has(keys[0])) return valueBytes((value as Record<string, unknown>)[keys[0]]);
    return 3 + Object.entries(value).reduce((sum, [name, inner]) => sum + Buffer.byteLength(name) + valueBytes(inner), 0);
  }
  if (Array.isArray(value)) return 3 + value.reduce((sum: number, inner) => sum + valueBytes(inner), 0);
  if (typeof value === 'string') return Buffer.byteLength(value);
  if (typeof value === 'number') return Math.ceil(String(value).length / 2) + 1;
  return 1;
}

/** Bytes of an item as DynamoDB sizes it: each attribute's name plus its value. */
function itemBytes(item: Record<string, unknown>): number {
  return Object.entries(item).reduce((sum, [name, value]) => sum + Buffer.byteLength(name) + valueBytes(value), 0);
}

const INDEX_KEYS = ['gsi1pk', 'gsi2pk', 'gsi3pk', 'gsi4pk', 'gsi5pk'];

/**
 * The write units of an audit entry's put, by DynamoDB's billing rule: 1 per started KB for the
 * table and for each index whose key the item carries, twice inside a transaction.
 */
function auditPutsOf(command: string, input: any): { count: number; units: number } {
  const puts: Array<Record<string, any>> =
    command === 'TransactWriteItemsCommand' ? (input?.TransactItems ?? []).map((entry: any) => entry.Put?.Item).filter(Boolean) : command === 'PutItemCommand' ? [input?.Item] : [];
  let count = 0;
  let units = 0;
  for (const item of puts) {
    if (entityOf(item) !== 'auditEntry') continue;
    count += 1;
    const indexes = INDEX_KEYS.filter((key) => item[key] !== undefined).length;
    units += Math.ceil(itemBytes(item) / 1024) * (1 + indexes) * (command === 'TransactWriteItemsCommand' ? 2 : 1);
  }
  return { count, units };
}

function createRequestCounter() {
  let requests = 0;
  let readCapacity = 0;
  let writeCapacity = 0;
  let byCommand: Record<string, number> = {};
  let auditEntries = 0;
  let auditEntryUnits = 0;
  let counts: () => boolean = () => true;

  return {
    snapshot(): RequestCounterSnapshot {
      return { requests, readCapacity, writeCapacity, byCommand: { ...byCommand }, auditEntries, auditEntryUnits };
    },
    reset(): void {
      requests = 0;
      readCapacity = 0;
      writeCapacity = 0;
      byCommand = {};
      auditEntries = 0;
      auditEntryUnits = 0;
    },
    /**
     * Counts only the requests sent while `predicate` holds (the benchmark: inside an HTTP
     * request, so the local runtime's sweep and stream worker in the same process are not
     * counted with the call being measured). Without an argument, counts every request again.
     */
    countOnlyWhile(predicate: () => boolean = () => true): void {
      counts = predicate;
    },
    /** Adds the counting middleware to a DynamoDB client's stack (once per client). */
    attachTo(stack: DynamoDBClient['middlewareStack']): void {
      stack.add(
        (next, context) => async (args: any) => {
          if (!counts()) return next(args);
          const command = String(context.commandName ?? 'UnknownCommand');
          requests += 1;
          byCommand[command] = (byCommand[command] ?? 0) + 1;
          const kind = CAPACITY_KIND[command];
          if (kind && args.input && args.input.ReturnConsumedCapacity === undefined) {
            args.input.ReturnConsumedCapacity = 'TOTAL';
          }
          if (kind === 'write') {
            const audit = auditPutsOf(command, args.input);
            auditEntries += audit.count;
            auditEntryUnits += audit.units;
          }
          const result: any = await next(args);
          if (kind) {
            const units = unitsOf(result?.output?.ConsumedCapacity, kind);
            if (kind === 'read') readCapacity += units;
            else writeCapacity += units;
          }
          return result;
        },
        { step: 'initialize', name: 'formationRequestCounter', override: true },
      );
    },
  };
}

export const requestCounter = createRequestCounter();
