import { Stack } from 'aws-cdk-lib';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { OUTBOX_WORKER } from './bundling/function-bundles';

/** Outside services a function may call besides the table (which every function reads and writes). */
export type FunctionNeed = 'files' | 'mail' | 'sms' | 'identity';

/**
 * Least privilege, in one table: a function not listed here gets table access only.
 * files: presigned POST/GET and deletes (file service, user avatars, step uploads and form files);
 * mail/sms: the outbox worker delivers, admin and communication send directly;
 * identity: Cognito admin calls (create, reinvite, deactivate users; sign-in bookkeeping).
 */
export const FUNCTION_NEEDS: Readonly<Record<string, readonly FunctionNeed[]>> = {
  admin: ['identity', 'mail'],
  security: ['identity'],
  file: ['files'],
  user: ['files'],
  step: ['files'],
  communication: ['sms'],
  [OUTBOX_WORKER]: ['mail', 'sms'],
};

export function needsOf(name: string): readonly FunctionNeed[] {
  return Object.hasOwn(FUNCTION_NEEDS, name) ? FUNCTION_NEEDS[name] : [];
}

export interface NeedResources {
  uploads: s3.IBucket;
  userPool: cognito.IUserPool;
  /** Sending is allowed from this address only. */
  mailFrom: string;
}

const IDENTITY_ACTIONS = [
  'AdminCreateUser',
  'AdminGetUser',
  'AdminUpdateUserAttributes',
  'AdminDisableUser',
  'AdminEnableUser',
  'AdminResetUserPassword',
  'AdminUserGlobalSignOut',
  'ListUsers',
].map((action) => `cognito-idp:${action}`);

function statementsFor(need: FunctionNeed, r: NeedResources): iam.PolicyStatement[] {
  const stack = Stack.of(r.uploads);
  switch (need) {
    case 'files':
      return [new iam.PolicyStatement({
        actions: ['s3:PutObject', 's3:GetObject', 's3:DeleteObject'],
        resources: [r.uploads.arnForObjects('*')],
      })];
    case 'mail':
      // SES checks every identity involved (in the sandbox, recipients too), so the
      // resource is all identities and the sender address is what is pinned.
      return [new iam.PolicyStatement({
        actions: ['ses:SendEmail', 'ses:SendRawEmail'],
        resources: [stack.formatArn({ service: 'ses', resource: 'identity', resourceName: '*' })],
        conditions: { StringEquals: { 'ses:FromAddress': r.mailFrom } },
      })];
    case 'sms':
      // Publishing to a phone number has no resource ARN, so allow "*" and deny every topic:
      // what remains is direct SMS.
      return [
        new iam.PolicyStatement({ actions: ['sns:Publish'], resources: ['*'] }),
        new iam.PolicyStatement({ effect: iam.Effect.DENY, actions: ['sns:Publish'], resources: [`arn:${stack.partition}:sns:*:*:*`] }),
      ];
    case 'identity':
      return [new iam.PolicyStatement({ actions: IDENTITY_ACTIONS, resources: [r.userPool.userPoolArn] })];
  }
}

/**
 * Item reads and writes on the table and its indexes. Transactions are authorised per item
 * action, so these cover TransactWriteItems/TransactGetItems too. Scan is left out on purpose:
 * no request path may use it (ARCHITECTURE.md section 5), and IAM now enforces that.
 */
export const TABLE_ACTIONS = ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'ConditionCheckItem'].map(
  (action) => `dynamodb:${action}`,
);

export function grantTableAccess(fn: iam.IGrantable, table: dynamodb.ITable): void {
  fn.grantPrincipal.addToPrincipalPolicy(
    new iam.PolicyStatement({ actions: TABLE_ACTIONS, resources: [table.tableArn, `${table.tableArn}/index/*`] }),
  );
}

export function grantNeeds(fn: iam.IGrantable, needs: readonly FunctionNeed[], resources: NeedResources): void {
  for (const statement of needs.flatMap((need) => statementsFor(need, resources))) {
    fn.grantPrincipal.addToPrincipalPolicy(statement);
  }
}
