import { Annotations, type App, type Environment } from 'aws-cdk-lib';
import type { EntityTableDefinition } from './constructs/table-from-entities';
import type { FormationSettings } from './settings';
import { ApiStack } from './stacks/api-stack';
import { AuthStack } from './stacks/auth-stack';
import { DataStack } from './stacks/data-stack';
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
}

/**
 * The four stacks of ARCHITECTURE.md section 2. The app's address is a setting, not
 * CloudFront's output, so references only flow one way: data, auth -> api -> web.
 */
export function addFormationStacks(app: App, inputs: FormationInputs): FormationStacks {
  const { settings, env } = inputs;
  const id = (part: string) => `${settings.name}-${part}`;

  const data = new DataStack(app, id('Data'), {
    env,
    description: 'Formation Tracks: table and uploaded files (retained)',
    tableDefinition: inputs.tableDefinition,
    appUrl: settings.appUrl,
  });
  const auth = new AuthStack(app, id('Auth'), {
    env,
    description: 'Formation Tracks: Cognito user pool with managed login',
    appUrl: settings.appUrl,
    domainPrefix: settings.cognitoDomainPrefix,
    name: settings.name,
    mailFrom: settings.mailFrom,
    sesIdentity: settings.sesIdentity,
  });
  const api = new ApiStack(app, id('Api'), {
    env,
    description: 'Formation Tracks: HTTP API, one function per service, outbox worker',
    services: inputs.services,
    bundlesDir: inputs.bundlesDir,
    table: data.table,
    uploads: data.uploads,
    userPool: auth.userPool,
    userPoolClient: auth.client,
    issuerUrl: auth.issuerUrl,
    logoutUrl: auth.logoutUrl,
    appUrl: settings.appUrl,
    mailFrom: settings.mailFrom,
    smsOriginationNumber: settings.smsOriginationNumber,
    smsSenderId: settings.smsSenderId,
    logRetention: settings.logRetentionDays,
  });
  const web = new WebStack(app, id('Web'), {
    env,
    description: 'Formation Tracks: CloudFront serving the SPA and routing /api/* to the API',
    httpApi: api.httpApi,
    uploads: data.uploads,
    appDomain: settings.appDomain,
    certificateArn: settings.certificateArn,
    siteDir: inputs.siteDir,
  });

  // Both missing settings break sign-in first (callback URL, invitation sender): say it there.
  settings.warnings.forEach((warning, i) => Annotations.of(auth).addWarningV2(`formation:settings-${i}`, warning));
  return { data, auth, api, web };
}
