import { Match, type Template } from 'aws-cdk-lib/assertions';
import { UPLOADS_NONCURRENT_DAYS } from '../../infra/stacks/data-stack';
import { EXPORT_PREFIX } from '../../shared/files/data-exports';
import { SYNTH_TIMEOUT, synthFormation } from './support/synth-formation';

let data: Template;
let auth: Template;
beforeAll(() => {
  ({ data, auth } = synthFormation().templates);
}, SYNTH_TIMEOUT);

/** The uploads bucket: the one the browser posts to (CORS). */
function uploads(): { Properties: Record<string, any>; DeletionPolicy: string } {
  const found = Object.values(data.findResources('AWS::S3::Bucket')).filter((b: any) => b.Properties.CorsConfiguration) as any[];
  expect(found).toHaveLength(1);
  return found[0];
}

describe('what a mistake or a destroy cannot take away', () => {
  it('the uploads bucket keeps versions, for a bounded time, and never keeps half-finished uploads', () => {
    const bucket = uploads();
    expect(bucket.DeletionPolicy).toBe('Retain');
    expect(bucket.Properties.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    const rules = bucket.Properties.LifecycleConfiguration.Rules as any[];
    expect(UPLOADS_NONCURRENT_DAYS).toBe(30);
    expect(rules).toContainEqual(expect.objectContaining({ NoncurrentVersionExpiration: { NoncurrentDays: UPLOADS_NONCURRENT_DAYS }, Status: 'Enabled' }));
    expect(rules).toContainEqual(expect.objectContaining({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 }, Status: 'Enabled' }));
    expect(rules).toContainEqual(expect.objectContaining({ ExpiredObjectDeleteMarker: true, Status: 'Enabled' }));
    // Versioning never makes a confirmed file expire: only older versions and the pending prefix do.
    // (A data export's archive is the exception, by design: it is deleted, versions and all, after its days.)
    for (const rule of rules.filter((r) => r.NoncurrentVersionExpiration && r.Prefix !== EXPORT_PREFIX)) expect(rule.Prefix).toBeUndefined();
  });

  it('the table and the user pool are retained by CloudFormation and protected from deletion', () => {
    data.hasResource('AWS::DynamoDB::Table', { DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain', Properties: Match.objectLike({ DeletionProtectionEnabled: true }) });
    auth.hasResource('AWS::Cognito::UserPool', { DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain', Properties: Match.objectLike({ DeletionProtection: 'ACTIVE' }) });
  });
});
