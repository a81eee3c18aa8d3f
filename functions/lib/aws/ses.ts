import { SESv2Client } from '@aws-sdk/client-sesv2';
import { once } from './clients.js';

export function sesClient(): SESv2Client {
  return once('ses', () => new SESv2Client({}));
}
