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

function createRequestCounter() {
  let requests = 0;
  let readCapacity = 0;
  let writeCapacity = 0;
  let byCommand: Record<string, number> = {};
  let counts: () => boolean = () => true;

  return {
    snapshot(): RequestCounterSnapshot {
      return { requests, readCapacity, writeCapacity, byCommand: { ...byCommand } };
    },
    reset(): void {
      requests = 0;
      readCapacity = 0;
      writeCapacity = 0;
      byCommand = {};
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
