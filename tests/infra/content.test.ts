/**
 * Content hosting of the file manager: a private bucket reached only through its own CloudFront
 * distribution (origin access control), read-only and inert for everyone, with the file-manager
 * function alone able to sign uploads to it and told where files are served.
 */
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../shared/domain/file-manager.js';
import { createTestPlatform, SYNTH_TIMEOUT_MS } from './support/platform.js';
import { functionByDescription, platformFunctions, resourcesOfType } from './support/template.js';

let content: Template;
let api: Template;

beforeAll(() => {
  const platform = createTestPlatform();
  content = Template.fromStack(platform.content);
  api = Template.fromStack(platform.api);
}, SYNTH_TIMEOUT_MS);

const contentBucketId = () => Object.keys(content.findResources('AWS::S3::Bucket', { Properties: { CorsConfiguration: Match.anyValue() } }))[0]!;

describe('content bucket', () => {
  it('is private and encrypted, and takes presigned browser PUTs only', () => {
    // Assess
    content.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
      BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
      CorsConfiguration: { CorsRules: [Match.objectLike({ AllowedMethods: ['PUT'], AllowedHeaders: ['content-type'] })] },
      // Uploads never confirmed are counted nowhere: they expire.
      LifecycleConfiguration: { Rules: Match.arrayWith([Match.objectLike({ Prefix: 'pending/', ExpirationInDays: 1, Status: 'Enabled' })]) },
    });
  });

  it('lets only its CloudFront distribution read objects', () => {
    // Prepare
    const bucketId = contentBucketId();

    // Assess
    content.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: bucketId },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Allow',
            Action: 's3:GetObject',
            Principal: { Service: 'cloudfront.amazonaws.com' },
            Condition: { StringEquals: { 'AWS:SourceArn': Match.anyValue() } },
          }),
        ]),
      },
    });
  });
});

describe('content distribution', () => {
  it('serves the bucket read-only over HTTPS through origin access control', () => {
    // Assess
    content.resourceCountIs('AWS::CloudFront::Distribution', 1);
    content.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    content.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultCacheBehavior: Match.objectLike({ AllowedMethods: ['GET', 'HEAD'], ViewerProtocolPolicy: 'redirect-to-https' }),
        Origins: [Match.objectLike({ OriginAccessControlId: Match.anyValue() })],
        Logging: Match.objectLike({ Prefix: 'cloudfront/' }),
      }),
    });
  });

  it('answers every file inert (the content security policy, nosniff, no framing)', () => {
    // Prepare
    const [policy] = Object.values(resourcesOfType(content, 'AWS::CloudFront::ResponseHeadersPolicy'));
    const config = policy?.Properties?.ResponseHeadersPolicyConfig as { SecurityHeadersConfig: Record<string, Record<string, unknown>> };

    // Assess
    expect(config.SecurityHeadersConfig.ContentSecurityPolicy).toEqual({ ContentSecurityPolicy: CONTENT_SECURITY_POLICY, Override: true });
    expect(config.SecurityHeadersConfig.ContentTypeOptions).toEqual({ Override: true });
    expect(config.SecurityHeadersConfig.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
    expect(CONTENT_SECURITY_POLICY).toContain("default-src 'none'");
  });
});

describe('functions', () => {
  it('tell every function where the content bucket is and where its files are served', () => {
    // Prepare
    const [, fileManager] = functionByDescription(api, 'API group file-manager ');
    const variables = (fileManager.Environment as { Variables: Record<string, unknown> }).Variables;

    // Assess
    expect(JSON.stringify(variables.CONTENT_BUCKET)).toContain('ContentBucket');
    expect(JSON.stringify(variables.CONTENT_PUBLIC_URL)).toMatch(/^"https:\/\/|Fn::Join|Fn::ImportValue/);
    for (const fn of Object.values(platformFunctions(api))) {
      expect((fn.Properties?.Environment as { Variables: Record<string, unknown> }).Variables.CONTENT_BUCKET).toBeDefined();
    }
  });

  it('gives the content files policy (put, get, delete on the bucket objects) to the file-manager function only', () => {
    // Prepare
    const withPolicy = Object.values(resourcesOfType(api, 'AWS::IAM::Role')).filter((role) =>
      JSON.stringify(role.Properties?.ManagedPolicyArns ?? []).includes('ContentFilesPolicy'),
    );

    // Assess
    expect(withPolicy).toHaveLength(1);
    content.hasResourceProperties('AWS::IAM::ManagedPolicy', {
      PolicyDocument: { Statement: [Match.objectLike({ Action: ['s3:DeleteObject', 's3:GetObject', 's3:PutObject'] })] },
    });
  });
});
