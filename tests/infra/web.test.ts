import { Stack } from 'aws-cdk-lib';
import { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { CachePolicy, OriginRequestPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../functions/routes.js';
import { ORIGIN_VERIFY_HEADER, VIEWER_ADDRESS_HEADER } from '../../functions/lib/viewer-address.js';
import { contentSecurityPolicy, SECURITY_HEADERS, STRIPE_JS_ORIGINS } from '../../infra/security-headers.js';
import { WebStack, apiPathPatterns } from '../../infra/stacks/web-stack.js';
import { createTestApp, createTestPlatform, SYNTH_TIMEOUT_MS } from './support/platform.js';
import { resourcesOfType } from './support/template.js';

type CacheBehavior = {
  PathPattern?: string;
  TargetOriginId: string;
  CachePolicyId: string;
  OriginRequestPolicyId?: string;
  ResponseHeadersPolicyId: unknown;
  ViewerProtocolPolicy: string;
  AllowedMethods?: string[];
  FunctionAssociations?: { EventType: string; FunctionARN?: unknown }[];
};
type DistributionConfig = {
  DefaultRootObject: string;
  DefaultCacheBehavior: CacheBehavior;
  CacheBehaviors: CacheBehavior[];
  CustomErrorResponses?: unknown;
  Origins: { Id: string; CustomOriginConfig?: unknown; OriginAccessControlId?: unknown; OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[] }[];
};

let web: Template;
let distribution: DistributionConfig;
/** The site's own response headers policy, as a behavior references it. */
let securityHeadersPolicy: { Ref: string };

beforeAll(() => {
  web = Template.fromStack(createTestPlatform().web);
  const [resource] = Object.values(resourcesOfType(web, 'AWS::CloudFront::Distribution'));
  distribution = resource.Properties?.DistributionConfig as DistributionConfig;
  const [policyId] = Object.keys(resourcesOfType(web, 'AWS::CloudFront::ResponseHeadersPolicy'));
  securityHeadersPolicy = { Ref: policyId! };
}, SYNTH_TIMEOUT_MS);

describe('CloudFront behaviors', () => {
  it('derives /api/*, /auth/*, /config and the tracking links /t/* from the route table, covering every route', () => {
    // Act
    const patterns = apiPathPatterns();

    // Assess
    expect(patterns.sort()).toEqual(['/api/*', '/auth/*', '/config', '/t/*']);
    for (const { path } of ROUTES) {
      expect(patterns.some((pattern) => (pattern.endsWith('/*') ? path.startsWith(pattern.slice(0, -1)) : path === pattern)), path).toBe(true);
    }
  });

  it('sends the API paths to the HTTP API uncached, with every viewer header except Host', () => {
    // Prepare
    const apiOrigin = distribution.Origins.find((origin) => origin.CustomOriginConfig);

    // Act
    const behaviors = distribution.CacheBehaviors;

    // Assess
    expect(behaviors.map((behavior) => behavior.PathPattern).sort()).toEqual(apiPathPatterns().sort());
    for (const behavior of behaviors) {
      expect(behavior, behavior.PathPattern).toMatchObject({
        TargetOriginId: apiOrigin?.Id,
        CachePolicyId: CachePolicy.CACHING_DISABLED.cachePolicyId,
        OriginRequestPolicyId: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId,
        ResponseHeadersPolicyId: securityHeadersPolicy,
        ViewerProtocolPolicy: 'https-only',
      });
      expect(behavior.AllowedMethods).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']));
    }
  });

  it("tells the API the viewer's address: a viewer-request function on every API path, and the origin secret beside it", () => {
    // Prepare
    const apiOrigin = distribution.Origins.find((origin) => origin.CustomOriginConfig);
    const functions = resourcesOfType(web, 'AWS::CloudFront::Function');
    const [functionId, viewerAddress] = Object.entries(functions).find(([, fn]) => String(fn.Properties?.FunctionCode).includes(VIEWER_ADDRESS_HEADER)) ?? [];
    const handler = runInNewContext(`${String(viewerAddress?.Properties?.FunctionCode)}; handler`) as (event: unknown) => { headers: Record<string, { value: string }> };

    // Act: a viewer that sends its own forged header.
    const forwarded = handler({ viewer: { ip: '2001:db8::7' }, request: { headers: { [VIEWER_ADDRESS_HEADER]: { value: '10.0.0.1' } } } });

    // Assess
    expect(forwarded.headers[VIEWER_ADDRESS_HEADER]).toEqual({ value: '2001:db8::7' });
    for (const behavior of distribution.CacheBehaviors) {
      expect(behavior.FunctionAssociations, behavior.PathPattern).toEqual([{ EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [functionId, 'FunctionARN'] } }]);
    }
    const secretHeader = apiOrigin?.OriginCustomHeaders?.find((header) => header.HeaderName === ORIGIN_VERIFY_HEADER);
    // The gateway stack's generated secret, resolved by CloudFormation at deploy time.
    expect(JSON.stringify(secretHeader?.HeaderValue)).toMatch(/resolve:secretsmanager:.*OriginVerifySecret/);
  });

  it('serves the site from S3 through origin access control, with security headers and the SPA fallback', () => {
    // Prepare
    const siteOrigin = distribution.Origins.find((origin) => origin.OriginAccessControlId);

    // Assess
    expect(distribution.DefaultRootObject).toBe('index.html');
    expect(distribution.DefaultCacheBehavior).toMatchObject({
      TargetOriginId: siteOrigin?.Id,
      ViewerProtocolPolicy: 'redirect-to-https',
      ResponseHeadersPolicyId: securityHeadersPolicy,
      FunctionAssociations: [{ EventType: 'viewer-request' }],
    });
    web.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: Match.objectLike({ OriginAccessControlOriginType: 's3', SigningBehavior: 'always' }),
    });
  });

  it('has no distribution-wide error pages, which would turn API 403/404 answers into index.html', () => {
    // Assess
    expect(distribution.CustomErrorResponses).toBeUndefined();
  });
});

describe('SPA fallback function', () => {
  // Prepare
  const code = readFileSync(fileURLToPath(new URL('../../infra/constructs/spa-fallback.js', import.meta.url)), 'utf8');
  const viewerRequest = (uri: string): string => {
    const handler = runInNewContext(`${code}; handler`) as (event: { request: { uri: string } }) => { uri: string };
    return handler({ request: { uri } }).uri;
  };

  it('serves index.html for client-side routes', () => {
    // Act & Assess
    expect(viewerRequest('/')).toBe('/index.html');
    expect(viewerRequest('/campaigns/email/42')).toBe('/index.html');
    expect(viewerRequest('/settings/')).toBe('/index.html');
  });

  it('leaves files alone', () => {
    // Act & Assess
    expect(viewerRequest('/assets/index-3f2a.js')).toBe('/assets/index-3f2a.js');
    expect(viewerRequest('/locales/zh-HK/common.json')).toBe('/locales/zh-HK/common.json');
  });
});

describe('site bucket and deployment', () => {
  it('blocks public access and grants reads to this distribution only', () => {
    // Prepare
    const [siteBucketId] = Object.keys(resourcesOfType(web, 'AWS::S3::Bucket')).filter((id) => id.startsWith('SiteBucket'));
    const [policy] = Object.values(resourcesOfType(web, 'AWS::S3::BucketPolicy')).filter(
      (candidate) => JSON.stringify(candidate.Properties?.Bucket) === JSON.stringify({ Ref: siteBucketId }),
    );

    // Act
    const allows = (policy.Properties?.PolicyDocument as { Statement: { Effect: string; Principal: unknown; Condition?: unknown }[] }).Statement.filter(
      (statement) => statement.Effect === 'Allow',
    );

    // Assess
    expect(resourcesOfType(web, 'AWS::S3::Bucket')[siteBucketId].Properties?.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(allows).toHaveLength(1);
    expect(allows[0].Principal).toEqual({ Service: 'cloudfront.amazonaws.com' });
    expect(JSON.stringify(allows[0].Condition)).toContain('AWS:SourceArn');
  });

  it('uploads the web build, keeps earlier chunks, and invalidates the distribution', () => {
    // Assess
    web.hasResourceProperties('Custom::CDKBucketDeployment', {
      DestinationBucketName: { Ref: Match.stringLikeRegexp('^SiteBucket') },
      DistributionPaths: ['/*'],
      Prune: false,
    });
  });

  it('skips the upload with a warning when the web app is not built', () => {
    // Prepare
    const app = createTestApp();
    const gateway = new Stack(app, 'Gateway');
    const httpApi = new HttpApi(gateway, 'HttpApi');
    const originVerifySecret = new Secret(gateway, 'OriginVerifySecret');

    // Act
    const stack = new WebStack(app, 'Web', { httpApi, originVerifySecret, storageBuckets: [], siteAssetsPath: '/nonexistent/web/dist' });

    // Assess
    Template.fromStack(stack).resourceCountIs('Custom::CDKBucketDeployment', 0);
    Annotations.fromStack(stack).hasWarning('/Web', Match.stringLikeRegexp('No web build at /nonexistent/web/dist'));
  });
});

/** A CloudFormation string as text, each token (a reference, the region) as <token>. */
function templateText(value: unknown): string {
  if (typeof value === 'string') return value;
  const join = (value as { 'Fn::Join'?: [string, unknown[]] })['Fn::Join'];
  if (!join) return '<token>';
  return join[1].map((part) => (typeof part === 'string' ? part : '<token>')).join(join[0]);
}

describe('security headers', () => {
  it('sends the one policy of infra/security-headers.ts with the site and the API answers', () => {
    // Prepare: the AWS origins as the template writes them (bucket endpoints and the region are references).
    const expectedPolicy = contentSecurityPolicy({ websocket: ['wss://*.execute-api.<token>.amazonaws.com'], storage: Array(4).fill('https://<token>'), payments: STRIPE_JS_ORIGINS });

    // Act
    const [policy] = Object.values(resourcesOfType(web, 'AWS::CloudFront::ResponseHeadersPolicy'));
    const headers = (policy?.Properties?.ResponseHeadersPolicyConfig as { SecurityHeadersConfig: Record<string, Record<string, unknown>> }).SecurityHeadersConfig;
    const csp = templateText(headers.ContentSecurityPolicy?.ContentSecurityPolicy);

    // Assess
    expect(csp).toBe(expectedPolicy);
    expect(csp).toContain("frame-ancestors 'none'");
    // Scripts: the app's own and Stripe.js (card entry), nothing inline.
    expect(csp).toContain("script-src 'self' https://js.stripe.com https://*.js.stripe.com;");
    expect(headers.FrameOptions).toMatchObject({ FrameOption: SECURITY_HEADERS.frameOptions });
    expect(headers.ContentTypeOptions).toBeDefined();
    expect(headers.ReferrerPolicy).toMatchObject({ ReferrerPolicy: SECURITY_HEADERS.referrerPolicy });
    expect(headers.StrictTransportSecurity).toMatchObject({
      AccessControlMaxAgeSec: SECURITY_HEADERS.strictTransportSecurity.maxAgeSeconds,
      IncludeSubdomains: true,
    });
    // An answer's own header wins (a handler's page keeps its stricter CSP), as on the local host.
    for (const header of Object.values(headers)) expect(header.Override).toBe(false);
    expect(distribution.DefaultCacheBehavior.ResponseHeadersPolicyId).toEqual(securityHeadersPolicy);
    for (const behavior of distribution.CacheBehaviors) expect(behavior.ResponseHeadersPolicyId).toEqual(securityHeadersPolicy);
  });

  it('lets the app reach the buckets it uploads to and downloads from, and the region’s WebSocket APIs', () => {
    // Act
    const [policy] = Object.values(resourcesOfType(web, 'AWS::CloudFront::ResponseHeadersPolicy'));
    const config = policy?.Properties?.ResponseHeadersPolicyConfig as { SecurityHeadersConfig: { ContentSecurityPolicy: { ContentSecurityPolicy: { 'Fn::Join': [string, unknown[]] } } } };
    const parts = config.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy['Fn::Join'][1];
    const references = JSON.stringify(parts.filter((part) => typeof part !== 'string'));

    // Assess: both buckets, by their regional and global S3 names, and the stack's region.
    expect(references).toContain('AWS::Region');
    expect(references).toContain('DataBucket');
    expect(references).toContain('ContentBucket');
    expect(references.match(/RegionalDomainName/g)?.length).toBe(2);
    expect(references.match(/[0-9A-F]{8}DomainName/g)?.length).toBe(2);
  });
});
