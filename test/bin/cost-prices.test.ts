import { addUsage, COMPONENTS, PRICES, priceUsage, priceWithFreeTiers, scaleUsage, smsParts, total, type Prices } from '../../bin/bench/cost-prices';

/** Round prices, so each expected figure below is worked out by hand. */
const prices: Prices = {
  ...PRICES,
  dynamodb: { perMillionRru: 0.25, perMillionWru: 1.25, storagePerGbMonth: 0.25, pitrPerGbMonth: 0.2, freeStorageGb: 25 },
  lambda: { perMillionRequests: 0.2, perGbSecondArm: 0.00001, memoryGb: 0.5, freeRequests: 1_000_000, freeGbSeconds: 400_000 },
  httpApi: { perMillionRequests: 1 },
  cloudFront: { per10kHttps: 0.01, perGbOut: 0.1, functionPerMillion: 0.1, freeRequests: 10_000_000, freeGbOut: 1024, freeFunctionInvocations: 2_000_000 },
  waf: { webAclPerMonth: 5, rulePerMonth: 1, perMillionRequests: 0.6 },
  ses: { perThousandEmails: 0.1 },
  sms: { perPart: 0.006, carrierFeePerPart: 0.004, numberPerMonth: 2 },
  logs: { ingestionPerGb: 0.5, storagePerGbMonth: 0.03, freeGb: 5 },
  cloudWatch: { alarmMetricPerMonth: 0.1, dashboardPerMonth: 3, customMetricPerMonth: 0.3, freeAlarmMetrics: 10, freeDashboards: 3, freeCustomMetrics: 10 },
  secrets: { perSecretMonth: 0.4, per10kApiCalls: 0.05 },
  cognito: { essentialsPerMau: 0.015, freeMau: 10_000 },
  s3: { storagePerGbMonth: 0.02, perThousandPuts: 0.005, perThousandGets: 0.0004, perGbOut: 0.09 },
};

describe('the cost model\'s pricing', () => {
  it('prices each component from its usage', () => {
    const costs = priceUsage(
      {
        dynamoRru: 2_000_000,
        dynamoWru: 400_000,
        tableGb: 2,
        lambdaInvocations: 5_000_000,
        lambdaGbSeconds: 100_000,
        httpApiRequests: 3_000_000,
        edgeRequests: 50_000,
        edgeGbOut: 10,
        edgeFunctionInvocations: 1_000_000,
        wafRequests: 5_000_000,
        webAcls: 1,
        wafRules: 5,
        emails: 20_000,
        logGb: 4,
        s3Puts: 2000,
        s3Gets: 10_000,
        s3GbStored: 50,
        s3GbOut: 10,
        secrets: 3,
        secretApiCalls: 20_000,
        alarmMetrics: 10,
        dashboards: 1,
        customMetricMonths: 8,
        cognitoMau: 12_000,
        smsParts: 100,
        smsNumbers: 1,
      },
      prices,
    );
    expect(costs['DynamoDB requests']).toBeCloseTo(0.5 + 0.5, 10);
    expect(costs['DynamoDB storage and PITR']).toBeCloseTo(2 * 0.45, 10);
    expect(costs['Lambda requests']).toBeCloseTo(1, 10);
    expect(costs['Lambda duration']).toBeCloseTo(1, 10);
    expect(costs['HTTP API']).toBeCloseTo(3, 10);
    expect(costs['CloudFront requests']).toBeCloseTo(0.05, 10);
    expect(costs['CloudFront data out']).toBeCloseTo(1, 10);
    expect(costs['CloudFront Functions']).toBeCloseTo(0.1, 10);
    expect(costs['WAF requests']).toBeCloseTo(3, 10);
    expect(costs['WAF web ACL and rules']).toBeCloseTo(10, 10);
    expect(costs.SES).toBeCloseTo(2, 10);
    expect(costs['CloudWatch Logs']).toBeCloseTo(4 * 0.53, 10);
    expect(costs['S3 (uploads)']).toBeCloseTo(1 + 0.01 + 0.004 + 0.9, 10);
    expect(costs['Secrets Manager']).toBeCloseTo(1.2 + 0.1, 10);
    expect(costs['CloudWatch alarms']).toBeCloseTo(1, 10);
    expect(costs['CloudWatch dashboard']).toBeCloseTo(3, 10);
    expect(costs['CloudWatch custom metrics']).toBeCloseTo(2.4, 10);
    // The pool's own 10,000 free MAU always apply.
    expect(costs.Cognito).toBeCloseTo(2000 * 0.015, 10);
    expect(costs.SMS).toBeCloseTo(100 * 0.01 + 2, 10);
    expect(total(costs)).toBeCloseTo(COMPONENTS.reduce((sum, component) => sum + costs[component], 0), 10);
    expect(total(costs, ['SMS'])).toBeCloseTo(total(costs) - 3, 10);
  });

  it('prices nothing for no usage, and one user under the free MAU costs nothing for Cognito', () => {
    expect(total(priceUsage({}, prices))).toBe(0);
    expect(priceUsage({ cognitoMau: 1 }, prices).Cognito).toBe(0);
  });

  it('takes the always-free allowances off', () => {
    const usage = { lambdaInvocations: 1_500_000, lambdaGbSeconds: 300_000, edgeRequests: 9_000_000, logGb: 7, alarmMetrics: 10, dashboards: 1, customMetricMonths: 12, tableGb: 30, webAcls: 1, wafRules: 5 };
    const costs = priceWithFreeTiers(usage, prices);
    expect(costs['Lambda requests']).toBeCloseTo(0.1, 10);
    expect(costs['Lambda duration']).toBe(0);
    expect(costs['CloudFront requests']).toBe(0);
    expect(costs['CloudWatch Logs']).toBeCloseTo(2 * 0.53, 10);
    expect(costs['CloudWatch alarms']).toBe(0);
    expect(costs['CloudWatch dashboard']).toBe(0);
    expect(costs['CloudWatch custom metrics']).toBeCloseTo(0.6, 10);
    // Storage beyond 25 GB, and point-in-time recovery on all 30.
    expect(costs['DynamoDB storage and PITR']).toBeCloseTo(5 * 0.25 + 30 * 0.2, 10);
    // The web firewall has no free tier.
    expect(costs['WAF web ACL and rules']).toBe(10);
  });

  it('adds and scales usage field by field', () => {
    const month = addUsage(scaleUsage({ dynamoRru: 10, emails: 20 }, 300), { emails: 4, webAcls: 1 });
    expect(month).toEqual({ dynamoRru: 3000, emails: 6004, webAcls: 1 });
  });

  it('counts SMS parts as carriers do', () => {
    expect(smsParts('a'.repeat(160))).toBe(1);
    expect(smsParts('a'.repeat(161))).toBe(2);
    expect(smsParts('a'.repeat(306))).toBe(2);
    expect(smsParts('a'.repeat(307))).toBe(3);
    // A character outside GSM-7 makes every part 70 (67 when joined).
    expect(smsParts(`“${'a'.repeat(69)}`)).toBe(1);
    expect(smsParts(`“${'a'.repeat(70)}`)).toBe(2);
    // Extension characters take two places.
    expect(smsParts('€'.repeat(80))).toBe(1);
    expect(smsParts('€'.repeat(81))).toBe(2);
  });
});
