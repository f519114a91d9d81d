import { Stack } from 'aws-cdk-lib';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import { acknowledge, nagEnvironment } from './constructs/acknowledge';
import { OUTBOX_WORKER } from './bundling/function-bundles';

/** Outside services a function may call besides the table. */
export type FunctionNeed = 'files' | 'mail' | 'sms' | 'identity' | 'identity-email' | 'identity-disable';

/**
 * Least privilege, in one table: a function not listed here gets table access only.
 * files: presigned POST/GET and deletes (file service, user avatars, step uploads and attachments, form files;
 *   the outbox worker removes deleted and released files' objects);
 * mail/sms: the outbox worker delivers, admin and communication send directly;
 * identity: Cognito user administration (create, reinvite, deactivate), which the admin service
 * does (ARCHITECTURE.md section 6); two narrower grants for the one call other functions make:
 * identity-email, a confirmed email change (notification's confirm-email), and identity-disable,
 * a merged user's sign-in turned off (user's merge, and the merge job in the outbox worker).
 * Sign-in itself (security) is plain OpenID Connect against the pool's public endpoints and
 * needs no Cognito permission.
 */
export const FUNCTION_NEEDS: Readonly<Record<string, readonly FunctionNeed[]>> = {
  admin: ['identity', 'mail'],
  file: ['files'],
  user: ['files', 'identity-disable'],
  step: ['files'],
  communication: ['sms'],
  notification: ['identity-email'],
  [OUTBOX_WORKER]: ['mail', 'sms', 'identity-disable', 'files'],
};

/**
 * Services that write nothing of their own, checked against their handlers and the core they call:
 * app (health, OpenAPI). Its one write is the session
 * middleware moving a session's idle deadline (functions/core/session/resolve-session.ts), an
 * UpdateItem, so they get that and no Put, Delete, batch write or transaction check. A service
 * that starts writing must leave this list (test/infra/api-stack.test.ts fails when one of them
 * gains a route that is not a GET).
 */
export const READ_ONLY_FUNCTIONS: readonly string[] = ['app'];

export function needsOf(name: string): readonly FunctionNeed[] {
  return Object.hasOwn(FUNCTION_NEEDS, name) ? FUNCTION_NEEDS[name] : [];
}

export interface NeedResources {
  /** Object access on the uploads bucket (a managed policy of the data stack). */
  uploadsObjectAccess: iam.IManagedPolicy;
  userPool: cognito.IUserPool;
  /** Sending is allowed from this address only. */
  mailFrom: string;
}

/** The Cognito calls of the identity adapter's Cognito side; nothing else is granted. */
export const IDENTITY_ACTIONS = [
  'AdminCreateUser', // create, and reinvite (MessageAction RESEND)
  'AdminGetUser',
  'AdminUpdateUserAttributes', // email change
  'AdminDisableUser',
  'AdminEnableUser',
  'AdminUserGlobalSignOut', // deactivation ends every session
].map((action) => `cognito-idp:${action}`);
export const IDENTITY_EMAIL_ACTION = 'cognito-idp:AdminUpdateUserAttributes';
export const IDENTITY_DISABLE_ACTION = 'cognito-idp:AdminDisableUser';

function grantNeed(role: iam.IRole, need: FunctionNeed, r: NeedResources): void {
  const stack = Stack.of(role);
  const allow = (statement: iam.PolicyStatement) => role.addToPrincipalPolicy(statement);
  switch (need) {
    case 'files':
      role.addManagedPolicy(r.uploadsObjectAccess);
      return;
    case 'mail': {
      // SES checks every identity involved (in the sandbox, recipients too), so the
      // resource is all identities and the sender address is what is pinned.
      const identities = stack.formatArn({ service: 'ses', resource: 'identity', resourceName: '*' });
      const { account, region } = nagEnvironment(stack);
      allow(new iam.PolicyStatement({ actions: ['ses:SendEmail', 'ses:SendRawEmail'], resources: [identities], conditions: { StringEquals: { 'ses:FromAddress': r.mailFrom } } }));
      acknowledge(role, {
        [`IAM5[Resource::arn:<AWS::Partition>:ses:${region}:${account}:identity/*]`]:
          'SES authorises a send against every identity involved (recipients too, in the sandbox); the condition pins the sender to mailFrom.',
      });
      return;
    }
    case 'sms':
      // Publishing to a phone number has no resource ARN, so allow "*" and deny every topic:
      // what remains is direct SMS.
      allow(new iam.PolicyStatement({ actions: ['sns:Publish'], resources: ['*'] }));
      allow(new iam.PolicyStatement({ effect: iam.Effect.DENY, actions: ['sns:Publish'], resources: [`arn:${stack.partition}:sns:*:*:*`] }));
      acknowledge(role, { 'IAM5[Resource::*]': 'sns:Publish to a phone number has no resource ARN; an explicit deny on every topic leaves direct SMS only.' });
      return;
    case 'identity':
      allow(new iam.PolicyStatement({ actions: IDENTITY_ACTIONS, resources: [r.userPool.userPoolArn] }));
      return;
    case 'identity-email':
      allow(new iam.PolicyStatement({ actions: [IDENTITY_EMAIL_ACTION], resources: [r.userPool.userPoolArn] }));
      return;
    case 'identity-disable':
      allow(new iam.PolicyStatement({ actions: [IDENTITY_DISABLE_ACTION], resources: [r.userPool.userPoolArn] }));
      return;
  }
}

export function grantNeeds(role: iam.IRole, needs: readonly FunctionNeed[], resources: NeedResources): void {
  for (const need of needs) grantNeed(role, need, resources);
}

/**
 * Item reads on the table and each of its indexes, by name. Scan is left out on purpose:
 * no request path may use it (ARCHITECTURE.md section 5), and IAM enforces that.
 */
export const TABLE_READ_ACTIONS = ['GetItem', 'BatchGetItem', 'Query'].map((action) => `dynamodb:${action}`);

/** What a read-only service may write: the session touch (an UpdateItem on the session item). */
export const SESSION_TOUCH_ACTIONS = ['dynamodb:UpdateItem'];

/** Item writes; transactions are authorised per item action, so these cover TransactWriteItems too. */
export const TABLE_WRITE_ACTIONS = ['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'ConditionCheckItem'].map((action) => `dynamodb:${action}`);

export function grantTableAccess(role: iam.IRole, table: dynamodb.ITable, indexNames: readonly string[], access: 'readOnly' | 'readWrite'): void {
  const indexes = indexNames.map((name) => `${table.tableArn}/index/${name}`);
  role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: TABLE_READ_ACTIONS, resources: [table.tableArn, ...indexes] }));
  const writes = access === 'readWrite' ? TABLE_WRITE_ACTIONS : SESSION_TOUCH_ACTIONS;
  role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: writes, resources: [table.tableArn] }));
}
