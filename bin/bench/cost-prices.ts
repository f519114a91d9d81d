/**
 * The price table and the pricing arithmetic of the cost model (bin/bench/cost-model.ts): usage in,
 * US dollars per component out. Pure, so a unit test holds the formulas (test/bin/cost-prices.test.ts).
 *
 * Prices: us-east-1, on demand, list prices, checked 2026-12-05. Where a price was found in the
 * stored public pages that day the source says so; the others are AWS's published list prices as
 * last known and are marked "not re-checked". Nothing here is negotiated or discounted.
 */
export interface Prices {
  checked: string;
  region: string;
  dynamodb: { perMillionRru: number; perMillionWru: number; storagePerGbMonth: number; pitrPerGbMonth: number; freeStorageGb: number };
  lambda: { perMillionRequests: number; perGbSecondArm: number; memoryGb: number; freeRequests: number; freeGbSeconds: number };
  httpApi: { perMillionRequests: number };
  cloudFront: { per10kHttps: number; perGbOut: number; functionPerMillion: number; freeRequests: number; freeGbOut: number; freeFunctionInvocations: number };
  waf: { webAclPerMonth: number; rulePerMonth: number; perMillionRequests: number };
  ses: { perThousandEmails: number };
  sms: { perPart: number; carrierFeePerPart: number; numberPerMonth: number };
  logs: { ingestionPerGb: number; storagePerGbMonth: number; freeGb: number };
  cloudWatch: { alarmMetricPerMonth: number; dashboardPerMonth: number; customMetricPerMonth: number; freeAlarmMetrics: number; freeDashboards: number; freeCustomMetrics: number };
  secrets: { perSecretMonth: number; per10kApiCalls: number };
  cognito: { essentialsPerMau: number; freeMau: number };
  s3: { storagePerGbMonth: number; perThousandPuts: number; perThousandGets: number; perGbOut: number };
  /** Where each figure comes from. */
  sources: Record<string, string>;
}

export const PRICES: Prices = {
  checked: '2026-12-05',
  region: 'us-east-1',
  dynamodb: { perMillionRru: 0.125, perMillionWru: 0.625, storagePerGbMonth: 0.25, pitrPerGbMonth: 0.2, freeStorageGb: 25 },
  lambda: { perMillionRequests: 0.2, perGbSecondArm: 0.0000133334, memoryGb: 0.5, freeRequests: 1_000_000, freeGbSeconds: 400_000 },
  httpApi: { perMillionRequests: 1.0 },
  cloudFront: { per10kHttps: 0.01, perGbOut: 0.085, functionPerMillion: 0.1, freeRequests: 10_000_000, freeGbOut: 1024, freeFunctionInvocations: 2_000_000 },
  waf: { webAclPerMonth: 5, rulePerMonth: 1, perMillionRequests: 0.6 },
  ses: { perThousandEmails: 0.1 },
  sms: { perPart: 0.00581, carrierFeePerPart: 0.0045, numberPerMonth: 2 },
  logs: { ingestionPerGb: 0.5, storagePerGbMonth: 0.03, freeGb: 5 },
  cloudWatch: { alarmMetricPerMonth: 0.1, dashboardPerMonth: 3, customMetricPerMonth: 0.3, freeAlarmMetrics: 10, freeDashboards: 3, freeCustomMetrics: 10 },
  secrets: { perSecretMonth: 0.4, per10kApiCalls: 0.05 },
  cognito: { essentialsPerMau: 0.015, freeMau: 10_000 },
  s3: { storagePerGbMonth: 0.023, perThousandPuts: 0.005, perThousandGets: 0.0004, perGbOut: 0.09 },
  sources: {
    dynamodb: 'on-demand $0.125 per million RRU, $0.625 per million WRU (US East): stored page airbyte.com/data-engineering-resources/dynamodb-pricing; storage $0.25/GB-month after 25 GB free, PITR $0.20/GB-month: AWS DynamoDB pricing page, not re-checked; stream reads by a Lambda trigger are free',
    lambda: 'arm64 $0.0000133334 per GB-second, $0.20 per million requests, always free 1M requests and 400,000 GB-s a month: stored pages aws.amazon.com/lambda/pricing, cloudchipr.com/blog/aws-lambda-pricing; every function has 512 MB (infra/constructs/service-function.ts)',
    httpApi: 'HTTP API $1.00 per million requests (first 300 million); its free tier lasts 12 months only: AWS API Gateway pricing page, not re-checked',
    cloudFront: 'United States $0.085/GB out (first 10 TB) and $0.0100 per 10,000 HTTPS requests; always free 1 TB out, 10 million requests and 2 million CloudFront Function invocations a month: stored page aws.amazon.com/cloudfront/pricing; Functions $0.10 per million: not re-checked',
    waf: '$5 per web ACL and $1 per rule a month, $0.60 per million requests; managed rule groups count as one rule: stored pages c3x.dev/blog/aws-waf-cost-explained, aws.amazon.com/blogs (WAF prices are the same in every Region)',
    ses: '$0.10 per 1,000 emails: stored page acecloudinterviews.com/tutorials/aws/ses; no lasting free tier for mail sent from Lambda',
    sms: 'US SMS: AWS End User Messaging $0.00581 per message part (not re-checked) plus the carriers\' fee per part, taken at $0.0045, the highest US carrier fee in the 2026 snapshot of help.textvolt.com (May 2026); a toll-free origination number $2.00 a month (not re-checked)',
    logs: 'CloudWatch Logs ingestion $0.50/GB (stored page factualminds.com, June 2026), storage $0.03/GB-month (not re-checked); always free 5 GB a month',
    cloudWatch: 'alarm $0.10 per standard-resolution metric a month, dashboard $3 a month, custom metric $0.30 a month prorated by the hour (stored pages signoz.io/guides/cloudwatch-pricing, factualminds.com); always free 10 alarm metrics, 3 dashboards, 10 custom metrics',
    secrets: 'Secrets Manager $0.40 per secret a month, $0.05 per 10,000 API calls: AWS pricing page, not re-checked',
    cognito: 'Essentials tier (managed login v2 needs it; the default for new pools): 10,000 MAU free a month (stored page c3x.dev/resources/aws/aws_cognito_user_pool), then $0.015 per MAU (AWS Cognito pricing page, not re-checked)',
    s3: 'S3 Standard $0.023/GB-month, $0.005 per 1,000 PUT/POST, $0.0004 per 1,000 GET, $0.09/GB out to the internet: AWS S3 pricing page, not re-checked',
  },
};

/** What a month uses. Every field is optional: a month of one user leaves the fixed items out, the idle month the traffic. */
export interface Usage {
  dynamoRru: number;
  dynamoWru: number;
  /** Table data held (PITR is billed on the same size). */
  tableGb: number;
  lambdaInvocations: number;
  lambdaGbSeconds: number;
  httpApiRequests: number;
  /** Viewer requests to CloudFront (API and static files). */
  edgeRequests: number;
  edgeGbOut: number;
  /** The SPA fallback function runs on the static behavior's viewer requests. */
  edgeFunctionInvocations: number;
  wafRequests: number;
  webAcls: number;
  wafRules: number;
  emails: number;
  /** Log data ingested; with 30 days' retention each GB is held about a month. */
  logGb: number;
  s3Puts: number;
  s3Gets: number;
  s3GbStored: number;
  s3GbOut: number;
  secrets: number;
  secretApiCalls: number;
  alarmMetrics: number;
  dashboards: number;
  /** Custom metrics in metric-months (metric-hours / 730: each is billed for the hours it receives data). */
  customMetricMonths: number;
  /** Monthly active users of the user pool (its own 10,000 free MAU always apply). */
  cognitoMau: number;
  smsParts: number;
  smsNumbers: number;
}

export const COMPONENTS = [
  'DynamoDB requests',
  'DynamoDB storage and PITR',
  'Lambda requests',
  'Lambda duration',
  'HTTP API',
  'CloudFront requests',
  'CloudFront data out',
  'CloudFront Functions',
  'WAF requests',
  'WAF web ACL and rules',
  'SES',
  'CloudWatch Logs',
  'S3 (uploads)',
  'Secrets Manager',
  'CloudWatch alarms',
  'CloudWatch dashboard',
  'CloudWatch custom metrics',
  'Cognito',
  'SMS',
] as const;
export type Component = (typeof COMPONENTS)[number];
export type Costs = Record<Component, number>;

const million = 1_000_000;

/** US dollars per component for `usage` at `prices` (list prices; see `withoutFreeTiers` for the always-free allowances). */
export function priceUsage(usage: Partial<Usage>, prices: Prices = PRICES): Costs {
  const u = (key: keyof Usage) => usage[key] ?? 0;
  const p = prices;
  return {
    'DynamoDB requests': (u('dynamoRru') * p.dynamodb.perMillionRru + u('dynamoWru') * p.dynamodb.perMillionWru) / million,
    'DynamoDB storage and PITR': u('tableGb') * (p.dynamodb.storagePerGbMonth + p.dynamodb.pitrPerGbMonth),
    'Lambda requests': (u('lambdaInvocations') * p.lambda.perMillionRequests) / million,
    'Lambda duration': u('lambdaGbSeconds') * p.lambda.perGbSecondArm,
    'HTTP API': (u('httpApiRequests') * p.httpApi.perMillionRequests) / million,
    'CloudFront requests': (u('edgeRequests') / 10_000) * p.cloudFront.per10kHttps,
    'CloudFront data out': u('edgeGbOut') * p.cloudFront.perGbOut,
    'CloudFront Functions': (u('edgeFunctionInvocations') * p.cloudFront.functionPerMillion) / million,
    'WAF requests': (u('wafRequests') * p.waf.perMillionRequests) / million,
    'WAF web ACL and rules': u('webAcls') * p.waf.webAclPerMonth + u('wafRules') * p.waf.rulePerMonth,
    SES: (u('emails') / 1000) * p.ses.perThousandEmails,
    'CloudWatch Logs': u('logGb') * (p.logs.ingestionPerGb + p.logs.storagePerGbMonth),
    'S3 (uploads)':
      u('s3GbStored') * p.s3.storagePerGbMonth + (u('s3Puts') / 1000) * p.s3.perThousandPuts + (u('s3Gets') / 1000) * p.s3.perThousandGets + u('s3GbOut') * p.s3.perGbOut,
    'Secrets Manager': u('secrets') * p.secrets.perSecretMonth + (u('secretApiCalls') / 10_000) * p.secrets.per10kApiCalls,
    'CloudWatch alarms': u('alarmMetrics') * p.cloudWatch.alarmMetricPerMonth,
    'CloudWatch dashboard': u('dashboards') * p.cloudWatch.dashboardPerMonth,
    'CloudWatch custom metrics': u('customMetricMonths') * p.cloudWatch.customMetricPerMonth,
    Cognito: Math.max(0, u('cognitoMau') - p.cognito.freeMau) * p.cognito.essentialsPerMau,
    SMS: u('smsParts') * (p.sms.perPart + p.sms.carrierFeePerPart) + u('smsNumbers') * p.sms.numberPerMonth,
  };
}

/**
 * The usage left to pay for once the always-free allowances are taken off (an account with nothing
 * else using them). DynamoDB's 25 GB of storage is taken off in `priceWithFreeTiers` (PITR has none).
 */
export function withoutFreeTiers(usage: Partial<Usage>, prices: Prices = PRICES): Partial<Usage> {
  const left = (value: number | undefined, free: number) => Math.max(0, (value ?? 0) - free);
  return {
    ...usage,
    lambdaInvocations: left(usage.lambdaInvocations, prices.lambda.freeRequests),
    lambdaGbSeconds: left(usage.lambdaGbSeconds, prices.lambda.freeGbSeconds),
    edgeRequests: left(usage.edgeRequests, prices.cloudFront.freeRequests),
    edgeGbOut: left(usage.edgeGbOut, prices.cloudFront.freeGbOut),
    edgeFunctionInvocations: left(usage.edgeFunctionInvocations, prices.cloudFront.freeFunctionInvocations),
    logGb: left(usage.logGb, prices.logs.freeGb),
    alarmMetrics: left(usage.alarmMetrics, prices.cloudWatch.freeAlarmMetrics),
    dashboards: left(usage.dashboards, prices.cloudWatch.freeDashboards),
    customMetricMonths: left(usage.customMetricMonths, prices.cloudWatch.freeCustomMetrics),
  };
}

/** Like `priceUsage`, with DynamoDB's 25 GB of free storage and the other always-free allowances taken off. */
export function priceWithFreeTiers(usage: Partial<Usage>, prices: Prices = PRICES): Costs {
  const costs = priceUsage(withoutFreeTiers(usage, prices), prices);
  const gb = usage.tableGb ?? 0;
  costs['DynamoDB storage and PITR'] = Math.max(0, gb - prices.dynamodb.freeStorageGb) * prices.dynamodb.storagePerGbMonth + gb * prices.dynamodb.pitrPerGbMonth;
  return costs;
}

export function total(costs: Costs, leaveOut: readonly Component[] = []): number {
  return COMPONENTS.filter((component) => !leaveOut.includes(component)).reduce((sum, component) => sum + costs[component], 0);
}

/** Usage summed field by field. */
export function addUsage(...usages: Array<Partial<Usage>>): Partial<Usage> {
  const sum: Partial<Usage> = {};
  for (const usage of usages) {
    for (const [key, value] of Object.entries(usage) as Array<[keyof Usage, number | undefined]>) sum[key] = (sum[key] ?? 0) + (value ?? 0);
  }
  return sum;
}

/** Usage times `factor` (one user's month for `factor` users). */
export function scaleUsage(usage: Partial<Usage>, factor: number): Partial<Usage> {
  return Object.fromEntries(Object.entries(usage).map(([key, value]) => [key, (value ?? 0) * factor])) as Partial<Usage>;
}

/** GSM-7 text: one part up to 160 characters, else 153 per part (the rest carries the joining header); 70 and 67 for any other character. */
export function smsParts(text: string): number {
  // The GSM 03.38 basic set, and its extension characters (which take two places).
  const gsm = /^[@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&'()*+,\-./0-9:;<=>?¡A-ZÄÖÑÜ§¿a-zäöñüà^{}\\[~\]|€]*$/;
  if (gsm.test(text)) {
    const length = [...text].reduce((sum, char) => sum + ('^{}\\[~]|€'.includes(char) ? 2 : 1), 0);
    return length <= 160 ? 1 : Math.ceil(length / 153);
  }
  const length = [...text].length;
  return length <= 70 ? 1 : Math.ceil(length / 67);
}
