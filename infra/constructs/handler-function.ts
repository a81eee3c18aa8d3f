/**
 * The one way the platform creates a Lambda: Node 20 on arm64, an ESM bundle built by the local
 * esbuild, the shared configuration as its environment, its own log group, and a role holding
 * only its log stream rights plus the capabilities it is granted.
 */
import { Duration, RemovalPolicy, Size, Validations } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { join, relative } from 'node:path';
import { BUNDLED_FILES, copyCommands, type BundledFile } from './bundled-files.js';
import type { Capability, FunctionConfig } from './function-config.js';
import { REPO_ROOT } from './handler-entry.js';

/** Log retention of every function and gateway log group. */
export const LOG_RETENTION = RetentionDays.ONE_MONTH;

/** Some dependencies still call require(); ESM bundles need it defined. */
const ESM_REQUIRE_BANNER = "import { createRequire } from 'module'; const require = createRequire(import.meta.url);";

/** How every platform Lambda is bundled; `files` are copied beside the bundle (bundled-files.ts). */
export function platformBundling(files: readonly BundledFile[]): BundlingOptions {
  return {
    forceDockerBundling: false,
    format: OutputFormat.ESM,
    target: 'node20',
    mainFields: ['module', 'main'],
    banner: ESM_REQUIRE_BANNER,
    minify: true,
    sourceMap: true,
    sourcesContent: false,
    // The SDK comes from package-lock.json, not whatever version the runtime ships.
    bundleAwsSDK: true,
    // No hooks without files: the other functions' assets stay as they were.
    ...(files.length > 0
      ? { commandHooks: { beforeBundling: () => [], beforeInstall: () => [], afterBundling: (_inputDir: string, outputDir: string) => copyCommands(files, outputDir) } }
      : {}),
  };
}

export type HandlerFunctionProps = {
  /** Absolute path of the module exporting `handler`. */
  entry: string;
  description: string;
  timeout: Duration;
  /** CPU scales with memory; 1024 MB keeps cold starts and password hashing quick. */
  memorySize?: number;
  /** /tmp in MiB (Lambda's default is 512). */
  ephemeralStorageMiB?: number;
  config: FunctionConfig;
  capabilities: readonly Capability[];
};

export class HandlerFunction extends Construct {
  readonly function: NodejsFunction;
  readonly role: Role;

  constructor(scope: Construct, id: string, props: HandlerFunctionProps) {
    super(scope, id);

    // Our own log group and role instead of AWSLambdaBasicExecutionRole: the role may write to
    // this function's log group only, and retention is set without a log-retention custom resource.
    const logGroup = new LogGroup(this, 'Logs', { retention: LOG_RETENTION, removalPolicy: RemovalPolicy.DESTROY });
    this.role = new Role(this, 'Role', { assumedBy: new ServicePrincipal('lambda.amazonaws.com'), description: props.description });
    logGroup.grantWrite(this.role);
    props.config.grant(this.role, props.capabilities);

    this.function = new NodejsFunction(this, 'Function', {
      entry: props.entry,
      handler: 'handler',
      description: props.description,
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 1024,
      ephemeralStorageSize: props.ephemeralStorageMiB === undefined ? undefined : Size.mebibytes(props.ephemeralStorageMiB),
      timeout: props.timeout,
      role: this.role,
      logGroup,
      // NODE_OPTIONS is a runtime flag, not application config: it makes stack traces use the source map.
      environment: { ...props.config.environment, NODE_OPTIONS: '--enable-source-maps' },
      projectRoot: REPO_ROOT,
      depsLockFilePath: join(REPO_ROOT, 'package-lock.json'),
      bundling: platformBundling(BUNDLED_FILES[relative(REPO_ROOT, props.entry)] ?? []),
    });

    Validations.of(this.function).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        'Node.js 22, the supported LTS line nearest the Node 20 toolchain every test runs on (handbook stack.md; Lambda deprecated nodejs20.x in 2026); the bundle targets node20 syntax, so it runs unchanged. Move with the toolchain.',
    });
  }
}
