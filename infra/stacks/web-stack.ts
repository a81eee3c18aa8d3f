/**
 * The web app's front door: a private site bucket and one CloudFront distribution that serves the
 * built React app and forwards the API paths to the HTTP API, so browser and API share one origin.
 */
import { Annotations, Aws, Duration, Fn, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginRequestPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
  type BehaviorOptions,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { ManagedPolicy } from 'aws-cdk-lib/aws-iam';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Asset } from 'aws-cdk-lib/aws-s3-assets';
import { BucketDeployment, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ROUTES, type RouteDefinition } from '../../functions/routes.js';
import { ORIGIN_VERIFY_HEADER, VIEWER_ADDRESS_HEADER } from '../../functions/lib/viewer-address.js';
import { acknowledgeManagedPolicy, acknowledgeWildcardAction, acknowledgeWildcardResource } from '../constructs/nag.js';
import { AccessLogBucket, PrivateBucket } from '../constructs/private-bucket.js';
import { contentSecurityPolicy, SECURITY_HEADERS, STRIPE_JS_ORIGINS, type AppOrigins } from '../security-headers.js';

const SPA_FALLBACK_CODE = fileURLToPath(new URL('../constructs/spa-fallback.js', import.meta.url));

/**
 * CloudFront path patterns that reach the HTTP API, derived from the route table: a route under a
 * folder (`/auth/login`) is covered by that folder (`/auth/*`), a top-level route by its own path.
 */
export function apiPathPatterns(routes: readonly Pick<RouteDefinition, 'path'>[] = ROUTES): string[] {
  const patterns = routes.map(({ path }) => {
    const firstSegment = path.split('/')[1];
    return path === `/${firstSegment}` ? path : `/${firstSegment}/*`;
  });
  return [...new Set(patterns)];
}

export type WebStackProps = StackProps & {
  httpApi: IHttpApi;
  /** Sent to the API with every request, so it believes the viewer address only from CloudFront. */
  originVerifySecret: ISecret;
  /** The buckets browsers upload to and download from with presigned links (data, content). */
  storageBuckets: readonly IBucket[];
  /** The built web app (web/dist); when it does not exist yet the upload is skipped with a warning. */
  siteAssetsPath: string;
};

/** The app's origins in AWS: presigned links go to each bucket's S3 endpoint; the WebSocket API (a later stack) is any of the region's; cards are entered through Stripe.js. */
export function awsAppOrigins(storageBuckets: readonly IBucket[]): AppOrigins {
  return {
    websocket: [`wss://*.execute-api.${Aws.REGION}.amazonaws.com`],
    storage: storageBuckets.flatMap((bucket) => [`https://${bucket.bucketRegionalDomainName}`, `https://${bucket.bucketDomainName}`]),
    payments: STRIPE_JS_ORIGINS,
  };
}

function cloudFrontReferrerPolicy(policy: string): HeadersReferrerPolicy {
  const known = Object.values(HeadersReferrerPolicy).find((value) => value === policy);
  if (!known) throw new Error(`CloudFront has no referrer policy "${policy}"`);
  return known;
}

export class WebStack extends Stack {
  readonly distribution: Distribution;
  /** The web app as users reach it: APP_URL of every function. */
  readonly appUrl: string;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);

    const logs = new AccessLogBucket(this, 'AccessLogs');
    const siteBucket = new PrivateBucket(this, 'SiteBucket', { serverAccessLogsBucket: logs, serverAccessLogsPrefix: 'site-bucket/' });

    const spaFallback = new CloudFrontFunction(this, 'SpaFallback', {
      code: FunctionCode.fromFile({ filePath: SPA_FALLBACK_CODE }),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Serves index.html for client-side routes',
    });

    // The site and the API answers share one policy (infra/security-headers.ts); an answer's own header wins.
    const { frameOptions, referrerPolicy, strictTransportSecurity } = SECURITY_HEADERS;
    const securityHeaders = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Campaign platform web app and API: CSP, frame-ancestors, nosniff, referrer policy, HSTS',
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(awsAppOrigins(props.storageBuckets)), override: false },
        frameOptions: { frameOption: HeadersFrameOption[frameOptions], override: false },
        contentTypeOptions: { override: false },
        referrerPolicy: { referrerPolicy: cloudFrontReferrerPolicy(referrerPolicy), override: false },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.seconds(strictTransportSecurity.maxAgeSeconds),
          includeSubdomains: strictTransportSecurity.includeSubdomains,
          override: false,
        },
      },
    });

    // apiEndpoint is https://<id>.execute-api.<region>.amazonaws.com; CloudFront wants the host.
    const apiHost = Fn.select(2, Fn.split('/', props.httpApi.apiEndpoint));
    // The API sees the edge's address as its source; this writes the viewer's own address over any
    // header of that name a viewer sent. (CloudFront-Viewer-Address cannot be had here: only an
    // origin request policy naming it adds it, and such a policy cannot forward Authorization.)
    const viewerAddress = new CloudFrontFunction(this, 'ViewerAddress', {
      code: FunctionCode.fromInline(
        `function handler(event) { var request = event.request; request.headers['${VIEWER_ADDRESS_HEADER}'] = { value: event.viewer.ip }; return request; }`,
      ),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Tells the API the viewer address',
    });
    const apiBehavior: BehaviorOptions = {
      origin: new HttpOrigin(apiHost, { customHeaders: { [ORIGIN_VERIFY_HEADER]: props.originVerifySecret.secretValue.unsafeUnwrap() } }),
      allowedMethods: AllowedMethods.ALLOW_ALL,
      viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
      cachePolicy: CachePolicy.CACHING_DISABLED,
      // API Gateway routes by its own Host name; every other header (Authorization too) passes.
      originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: securityHeaders,
      functionAssociations: [{ function: viewerAddress, eventType: FunctionEventType.VIEWER_REQUEST }],
    };

    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Campaign platform web app and API',
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(siteBucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        functionAssociations: [{ function: spaFallback, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: Object.fromEntries(apiPathPatterns().map((pattern) => [pattern, apiBehavior])),
      // No errorResponses: they apply to every behavior and would turn API 403/404 answers into
      // index.html. SpaFallback serves client-side routes instead.
      httpVersion: HttpVersion.HTTP2_AND_3,
      // Edge locations of North America, Europe and Asia, where the service's customers are.
      priceClass: PriceClass.PRICE_CLASS_200,
      enableLogging: true,
      logBucket: logs,
      logFilePrefix: 'cloudfront/',
    });
    this.appUrl = `https://${this.distribution.distributionDomainName}`;

    Validations.of(this.distribution).acknowledge(
      {
        id: 'AwsSolutions-CFR4',
        reason: 'Served on the default *.cloudfront.net certificate until a domain is configured; a minimum TLS version can only be set with a custom certificate.',
      },
      { id: 'AwsSolutions-CFR1', reason: 'Customers sign up from any country; there is no market to exclude.' },
      {
        id: 'AwsSolutions-CFR2',
        reason:
          'No WAF yet (a CloudFront web ACL must live in us-east-1): login and verification calls are rate limited in the application and the HTTP API stage is throttled. Revisit with the custom domain.',
      },
    );

    this.deploySite(siteBucket, props.siteAssetsPath);
  }

  /** Uploads the built app and invalidates the cache; before a web build there is nothing to upload. */
  private deploySite(siteBucket: PrivateBucket, siteAssetsPath: string): void {
    if (!existsSync(siteAssetsPath)) {
      Annotations.of(this).addWarningV2(
        'campaign-platform:site-not-built',
        `No web build at ${siteAssetsPath}: the site bucket stays empty. Run \`npm run build:web\` before deploying.`,
      );
      return;
    }
    // The build as an explicit asset, so its bucket can be named in the acknowledgements below.
    const build = new Asset(this, 'SiteBuild', { path: siteAssetsPath });
    const deployment = new BucketDeployment(this, 'SiteDeployment', {
      sources: [Source.bucket(build.bucket, build.s3ObjectKey)],
      destinationBucket: siteBucket,
      distribution: this.distribution,
      distributionPaths: ['/*'],
      // Keep the previous build's hashed chunks: a browser still running the old app lazy-loads
      // them after a deploy. Builds share unchanged files, so the bucket grows by the changes only.
      prune: false,
      memoryLimit: 512,
    });
    acknowledgeDeploymentHandler(deployment, [build.bucket.arnForObjects('*'), siteBucket.arnForObjects('*')]);
  }
}

/**
 * BucketDeployment's handler is CDK's own singleton Lambda: its runtime, its basic-execution role
 * and its policy (wildcard S3 actions on the two buckets it copies between, CloudFront
 * invalidation) are generated by CDK, so each finding is acknowledged on that handler only.
 */
function acknowledgeDeploymentHandler(deployment: BucketDeployment, copiedObjectArns: readonly string[]): void {
  const handler = deployment.handlerRole.node.scope;
  if (!handler) throw new Error('BucketDeployment handler role has no scope');
  const reason = 'CDK-managed BucketDeployment handler: copies the web build from the CDK asset bucket into the site bucket, then invalidates CloudFront.';
  Validations.of(handler).acknowledge({ id: 'AwsSolutions-L1', reason: `${reason} CDK chooses and upgrades its runtime.` });
  const basicExecution = ManagedPolicy.fromAwsManagedPolicyName('service-role/AWSLambdaBasicExecutionRole');
  acknowledgeManagedPolicy(handler, basicExecution.managedPolicyArn, `${reason} It logs through the basic execution policy.`);
  for (const action of ['s3:GetBucket*', 's3:GetObject*', 's3:List*', 's3:Abort*', 's3:DeleteObject*']) {
    acknowledgeWildcardAction(handler, action, `${reason} Object reads, writes and deletes (granted whether or not pruning is on) on exactly those two buckets.`);
  }
  for (const arn of copiedObjectArns) acknowledgeWildcardResource(handler, arn, `${reason} Every object of the build and of the site.`);
  acknowledgeWildcardResource(handler, '*', `${reason} cloudfront:CreateInvalidation and GetInvalidation as CDK grants them.`);
}
