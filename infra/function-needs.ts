import { Stack } from 'aws-cdk-lib';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { acknowledge, nagEnvironment } from './constructs/acknowledge';
import { PRESIGNED_POST_CALL, type SdkCall } from './bundling/sdk-calls';

/**
 * Services that write nothing of their own, checked against their handlers and the core they call:
 * app (health, OpenAPI) and audit (the audit trail's readers; its entries are written by the services
 * whose changes they record). Their writes are the session middleware moving a session's idle
 * deadline (functions/core/session/resolve-session.ts) and a rate limit's counter (audit's export),
 * each an UpdateItem, so they get that and no Put, Delete, batch write or transaction check. A service
 * that starts writing must leave this list (test/infra/api-stack.test.ts fails when one of them
 * gains a route that is not a GET).
 */
export const READ_ONLY_FUNCTIONS: readonly string[] = ['app', 'audit'];

/** Where a granted action applies; each as narrowly as IAM allows. */
export type GrantTarget = 'userPool' | 'mailFrom' | 'phoneNumbers' | 'uploadsObjects';

export type SdkGrant =
  /** The IAM actions an operation needs, on one target. */
  | { actions: readonly string[]; on: GrantTarget }
  /**
   * A table operation. Every bundle holds every document command ElectroDB may send
   * (bundling/electrodb-commands.ts), so table access follows READ_ONLY_FUNCTIONS (grantTableAccess
   * below), not the operations; theirs only have to lie within what it grants (Scan does not).
   */
  | { actions: readonly string[]; on: 'table' }
  /** Nothing to grant, and why. */
  | { none: string };

const cognitoAdmin = (action: string): SdkGrant => ({ actions: [`cognito-idp:${action}`], on: 'userPool' });
const objects = (...actions: string[]): SdkGrant => ({ actions: actions.map((action) => `s3:${action}`), on: 'uploadsObjects' });
const table = (...actions: string[]): SdkGrant => ({ actions: actions.map((action) => `dynamodb:${action}`), on: 'table' });
const ACCESS_TOKEN: SdkGrant = { none: "Authorised by the user's own access token (the authenticator set-up of the security service); IAM plays no part." };

/**
 * Least privilege, in one table: the IAM grant of every AWS SDK operation a function bundle may
 * hold. bin/build-functions.ts writes each bundle's operations beside it (bundling/sdk-calls.ts)
 * and the API stack grants what they map to here, so a function holds what its code can call and
 * nothing more; an operation missing here stops the synth. test/infra/function-grants.test.ts
 * checks the outcome against the real bundles.
 */
export const SDK_GRANTS: Readonly<Record<SdkCall, SdkGrant>> = {
  // The Cognito side of the identity adapter (functions/core/identity/account-cognito.ts).
  'cognito-identity-provider:AdminCreateUser': cognitoAdmin('AdminCreateUser'), // invite, and reinvite (MessageAction RESEND)
  'cognito-identity-provider:AdminUpdateUserAttributes': cognitoAdmin('AdminUpdateUserAttributes'), // a confirmed email change
  'cognito-identity-provider:AdminDisableUser': cognitoAdmin('AdminDisableUser'),
  'cognito-identity-provider:AdminEnableUser': cognitoAdmin('AdminEnableUser'),
  'cognito-identity-provider:AssociateSoftwareToken': ACCESS_TOKEN,
  'cognito-identity-provider:GetUser': ACCESS_TOKEN,
  'cognito-identity-provider:SetUserMFAPreference': ACCESS_TOKEN,
  'cognito-identity-provider:VerifySoftwareToken': ACCESS_TOKEN,
  'sesv2:SendEmail': { actions: ['ses:SendEmail'], on: 'mailFrom' },
  'sns:Publish': { actions: ['sns:Publish'], on: 'phoneNumbers' },
  // A presigned request is authorised as its signer, so signing needs what the browser then does.
  's3:GetObject': objects('GetObject'),
  's3:HeadObject': objects('GetObject'),
  's3:PutObject': objects('PutObject'),
  [PRESIGNED_POST_CALL]: objects('PutObject'),
  's3:CopyObject': objects('GetObject', 'PutObject'), // reads the pending upload, writes its copy
  's3:DeleteObject': objects('DeleteObject'),
  's3:CreateSession': { none: 'S3 Express sessions: the client sends it for directory buckets only, and the uploads bucket is a general purpose one.' },
  'dynamodb:GetItem': table('GetItem'),
  'dynamodb:BatchGetItem': table('BatchGetItem'),
  'dynamodb:Query': table('Query'),
  'dynamodb:TransactGetItems': table('GetItem'), // authorised per item
  'dynamodb:PutItem': table('PutItem'),
  'dynamodb:UpdateItem': table('UpdateItem'),
  'dynamodb:DeleteItem': table('DeleteItem'),
  'dynamodb:BatchWriteItem': table('BatchWriteItem'),
  'dynamodb:TransactWriteItems': table('PutItem', 'UpdateItem', 'DeleteItem', 'ConditionCheckItem'), // authorised per item
  'dynamodb:DescribeEndpoints': { none: 'Endpoint discovery, which the DynamoDB client does only when told to; it is not.' },
};

/** The grant of one operation; an operation nobody declared stops the synth rather than ship a function that fails in AWS. */
export function grantOf(call: SdkCall): SdkGrant {
  if (!Object.hasOwn(SDK_GRANTS, call)) throw new Error(`No IAM grant is declared for the AWS SDK operation ${call}: add it to SDK_GRANTS in infra/function-needs.ts`);
  return SDK_GRANTS[call];
}

/** The IAM actions, by target, that these operations need (the table aside), each list sorted. */
export function grantedActions(calls: readonly SdkCall[]): Map<GrantTarget, string[]> {
  const byTarget = new Map<GrantTarget, Set<string>>();
  for (const call of calls) {
    const grant = grantOf(call);
    if ('none' in grant || grant.on === 'table') continue;
    const actions = byTarget.get(grant.on) ?? new Set<string>();
    grant.actions.forEach((action) => actions.add(action));
    byTarget.set(grant.on, actions);
  }
  return new Map([...byTarget].map(([target, actions]) => [target, [...actions].sort()]));
}

export interface NeedResources {
  /** Object read, write and delete on the uploads bucket (a managed policy of the data stack). */
  uploadsObjectAccess: iam.IManagedPolicy;
  /** The uploads bucket, whose objects a function that needs fewer of those actions is granted on. */
  uploads: s3.IBucket;
  userPool: cognito.IUserPool;
  /** Sending is allowed from this address only. */
  mailFrom: string;
}

/** What the data stack's UploadsObjectAccess policy allows, sorted (the grant test compares the two). */
export const UPLOADS_POLICY_ACTIONS = ['s3:DeleteObject', 's3:GetObject', 's3:PutObject'];

function grantOn(role: iam.IRole, target: GrantTarget, actions: string[], r: NeedResources): void {
  const stack = Stack.of(role);
  const allow = (statement: iam.PolicyStatement) => role.addToPrincipalPolicy(statement);
  switch (target) {
    case 'uploadsObjects':
      grantUploadObjects(role, actions, r);
      return;
    case 'mailFrom': {
      // SES checks every identity involved (in the sandbox, recipients too), so the
      // resource is all identities and the sender address is what is pinned.
      const identities = stack.formatArn({ service: 'ses', resource: 'identity', resourceName: '*' });
      const { account, region } = nagEnvironment(stack);
      allow(new iam.PolicyStatement({ actions, resources: [identities], conditions: { StringEquals: { 'ses:FromAddress': r.mailFrom } } }));
      acknowledge(role, {
        [`IAM5[Resource::arn:<AWS::Partition>:ses:${region}:${account}:identity/*]`]:
          'SES authorises a send against every identity involved (recipients too, in the sandbox); the condition pins the sender to mailFrom.',
      });
      return;
    }
    case 'phoneNumbers':
      // Publishing to a phone number has no resource ARN, so allow "*" and deny every topic:
      // what remains is direct SMS.
      allow(new iam.PolicyStatement({ actions, resources: ['*'] }));
      allow(new iam.PolicyStatement({ effect: iam.Effect.DENY, actions, resources: [`arn:${stack.partition}:sns:*:*:*`] }));
      acknowledge(role, { 'IAM5[Resource::*]': 'sns:Publish to a phone number has no resource ARN; an explicit deny on every topic leaves direct SMS only.' });
      return;
    case 'userPool':
      allow(new iam.PolicyStatement({ actions, resources: [r.userPool.userPoolArn] }));
      return;
  }
}

/** The data stack's policy states (and explains) the bucket wildcard once; a function needing fewer of its actions gets a statement of its own. */
function grantUploadObjects(role: iam.IRole, actions: string[], r: NeedResources): void {
  if (actions.join() === UPLOADS_POLICY_ACTIONS.join()) {
    role.addManagedPolicy(r.uploadsObjectAccess);
    return;
  }
  const { arn, exportName } = importedBucketArn(Stack.of(role), r.uploads);
  role.addToPrincipalPolicy(new iam.PolicyStatement({ actions, resources: [`${arn}/*`] }));
  acknowledge(role, {
    [`IAM5[Resource::${exportName}/*]`]:
      'Object keys are generated per upload by the server, so the grant covers the objects of the uploads bucket, with only the object actions this function calls.',
  });
}

/**
 * The bucket's ARN as this stack imports it (the export CDK makes for any such reference), and the
 * export's name: cdk-nag names a finding on an imported value by it.
 */
function importedBucketArn(stack: Stack, bucket: s3.IBucket): { arn: string; exportName: string } {
  const arn = Stack.of(bucket).exportValue(bucket.bucketArn);
  return { arn, exportName: (stack.resolve(arn) as { 'Fn::ImportValue': string })['Fn::ImportValue'] };
}

/** Grants a function what its bundle's AWS SDK operations need, beyond the table (grantTableAccess). */
export function grantSdkCalls(role: iam.IRole, calls: readonly SdkCall[], resources: NeedResources): void {
  for (const [target, actions] of grantedActions(calls)) grantOn(role, target, actions, resources);
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
