import { Annotations, type App, type Environment } from 'aws-cdk-lib';
import type { EntityTableDefinition } from './constructs/table-from-entities';
import type { FormationSettings } from './settings';
import { ApiStack } from './stacks/api-stack';
import { AuthStack } from './stacks/auth-stack';
import { DataStack } from './stacks/data-stack';
import { EdgeStack } from './stacks/edge-stack';
import { WebStack } from './stacks/web-stack';

export interface FormationInputs {
  settings: FormationSettings;
  tableDefinition: EntityTableDefinition;
  services: readonly string[];
  /** bin/build-functions.ts output: one folder per function. */
  bundlesDir: string;
  /** The built SPA (web/dist). */
  siteDir: string;
  /** Unset: environment-agnostic stacks (what offline synth produces). */
  env?: Environment;
}

export interface FormationStacks {
  data: DataStack;
  auth: AuthStack;
  api: ApiStack;
  web: WebStack;
  edge: EdgeStack;
}

/** CloudFront takes its web ACL (and certificate) from this region only. */
export const EDGE_REGION = 'us-east-1';

/**
 * The four stacks of ARCHITECTURE.md section 2, plus the edge stack CloudFront needs in us-east-1.
 * The app's address is a setting, not CloudFront's output, so references only flow one way:
 * data, auth -> api -> web <- edge.
 */
export function addFormationStacks(app: App, inputs: FormationInputs): FormationStacks {
  const { settings, env } = inputs;
  const id = (part: string) => `${settings.name}-${part}`;

  const data = new DataStack(app, id('Data'), {
    env,
    description: 'Formation Tracks: table and uploaded files (retained)',
    tableDefinition: inputs.tableDefinition,
    appUrl: settings.appUrl,
    logRetention: settings.logRetentionDays,
  });
  const auth = new AuthStack(app, id('Auth'), {
    env,
    description: 'Formation Tracks: Cognito user pool with managed login',
    appUrl: settings.appUrl,
    domainPrefix: settings.cognitoDomainPrefix,
    name: settings.name,
    mailFrom: settings.mailFrom,
    sesIdentity: settings.sesIdentity,
    mfa: settings.mfa,
  });
  const api = new ApiStack(app, id('Api'), {
    env,
    description: 'Formation Tracks: HTTP API, one function per service, outbox worker',
    services: inputs.services,
    bundlesDir: inputs.bundlesDir,
    table: data.table,
    tableIndexNames: data.indexNames,
    uploads: data.uploads,
    uploadsObjectAccess: data.uploadsObjectAccess,
    userPool: auth.userPool,
    userPoolClient: auth.client,
    issuerUrl: auth.issuerUrl,
    logoutUrl: auth.logoutUrl,
    appUrl: settings.appUrl,
    mailFrom: settings.mailFrom,
    smsOriginationNumber: settings.smsOriginationNumber,
    smsSenderId: settings.smsSenderId,
    smsReplyTopicArn: settings.smsReplyTopicArn,
    mailEventsTopicArn: settings.mailEventsTopicArn,
    feedbackUrl: settings.feedbackUrl,
    logRetention: settings.logRetentionDays,
    alarmEmail: settings.alarmEmail,
    monthlyBudget: settings.monthlyBudget,
    tracing: settings.tracing,
    originVerifyVersion: settings.originVerifyVersion,
  });
  // With a known region elsewhere, the web ACL's ARN crosses regions (CDK carries it through SSM
  // parameters). Offline, every stack is environment-agnostic and the reference is a plain export;
  // a real deploy always knows its region (docs/deploy.md).
  const edgeEnv = env ? { account: env.account, region: EDGE_REGION } : undefined;
  const crossRegion = Boolean(env && env.region !== EDGE_REGION);
  const edge = new EdgeStack(app, id('Edge'), {
    env: edgeEnv,
    crossRegionReferences: crossRegion,
    description: 'Formation Tracks: the CloudFront web ACL (us-east-1)',
    rateLimits: { api: settings.apiRateLimit, signIn: settings.signInRateLimit },
  });
  const web = new WebStack(app, id('Web'), {
    env,
    description: 'Formation Tracks: CloudFront serving the SPA and routing /api/* to the API',
    httpApi: api.httpApi,
    uploads: data.uploads,
    appDomain: settings.appDomain,
    certificateArn: settings.certificateArn,
    siteDir: inputs.siteDir,
    logBucket: data.logs,
    webAclArn: edge.webAclArn,
    originVerifySecret: api.originVerifySecret,
    crossRegionReferences: crossRegion,
  });

  // Both missing settings break sign-in first (callback URL, invitation sender): say it there.
  settings.warnings.forEach((warning, i) => Annotations.of(auth).addWarningV2(`formation:settings-${i}`, warning));
  return { data, auth, api, web, edge };
}
