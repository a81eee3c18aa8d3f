/**
 * The CDK app (`npm run synth`, `npm run deploy`). Context:
 *   -c production=true   retain data and protect the table (default: false)
 *   -c mailFrom="Name <no-reply@your-domain>"   sender of all mail, a verified SES identity
 *   -c supportEmail=… -c supportPhone=… -c knowledgeBaseUrl=…   the contact-us details and help centre
 *   -c mmsOriginationIdentity=…   the End User Messaging phone number or pool (ID or ARN) MMS are sent from
 *   -c stripePublishableKey=pk_live_…   the browser's card entry (the secret key and webhook secret go into Secrets Manager)
 * cdk-nag's AwsSolutions pack runs on every synth: an unacknowledged finding fails it.
 */
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { DEFAULT_MAIL_FROM, DEFAULT_SUPPORT, createPlatform } from './stacks/platform.js';

const app = new App();
const production: unknown = app.node.tryGetContext('production');
const contextText = (key: string): string | undefined => {
  const value: unknown = app.node.tryGetContext(key);
  return typeof value === 'string' && value !== '' ? value : undefined;
};

createPlatform(app, {
  isProduction: production === true || production === 'true',
  mailFrom: contextText('mailFrom') ?? DEFAULT_MAIL_FROM,
  mmsOriginationIdentity: contextText('mmsOriginationIdentity'),
  stripePublishableKey: contextText('stripePublishableKey'),
  support: {
    email: contextText('supportEmail') ?? DEFAULT_SUPPORT.email,
    phone: contextText('supportPhone') ?? DEFAULT_SUPPORT.phone,
    knowledgeBaseUrl: contextText('knowledgeBaseUrl'),
  },
  // Unset offline: the stacks are then environment-agnostic.
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
});
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
