import { RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';

/** The shape of `tableDefinition` in functions/db/table.ts (every key attribute is a string). */
export interface EntityTableDefinition {
  partitionKey: string;
  sortKey: string;
  globalSecondaryIndexes: ReadonlyArray<{ indexName: string; partitionKey: string; sortKey: string }>;
  timeToLiveAttribute: string;
}

const stringKey = (name: string): dynamodb.Attribute => ({ name, type: dynamodb.AttributeType.STRING });

/**
 * The one table, built from the definition the ElectroDB entities produce, so a new entity
 * index reaches AWS without anyone editing infra. People's data: never deleted by a stack
 * operation, restorable to any second of the last 35 days.
 */
export class TableFromEntities extends Construct {
  readonly table: dynamodb.Table;

  constructor(scope: Construct, id: string, definition: EntityTableDefinition) {
    super(scope, id);
    this.table = new dynamodb.Table(this, 'Table', {
      partitionKey: stringKey(definition.partitionKey),
      sortKey: stringKey(definition.sortKey),
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
      // The outbox worker reads inserts; old images help when diagnosing a replay.
      stream: dynamodb.StreamViewType.NEW_AND_OLD_IMAGES,
      timeToLiveAttribute: definition.timeToLiveAttribute,
    });
    for (const gsi of definition.globalSecondaryIndexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: gsi.indexName,
        partitionKey: stringKey(gsi.partitionKey),
        sortKey: stringKey(gsi.sortKey),
        projectionType: dynamodb.ProjectionType.ALL,
      });
    }
  }
}
