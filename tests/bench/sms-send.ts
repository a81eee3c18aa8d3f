/**
 * sms-send: an SMS campaign of SMS_SEND_BENCH_RECIPIENTS (default 50,000) contacts with Hong Kong
 * mobile numbers, each message personalised, through the embedded queues and store and the End User
 * Messaging SDK to the provider stand-in in a process of its own (which keeps the sink and publishes
 * the service's receipts, as End User Messaging does outside the sender): the real planner and
 * delivery handlers, polled by SMS_SEND_BENCH_WORKERS concurrent "Lambdas" (default 16). Contacts are seeded
 * in bulk first (not timed).
 * - messages-per-s: recipients ÷ seconds from the plan message until the campaign is finished, at
 *   an unlimited rate (SMS_SEND_RATE 0);
 * - writes-per-message and store-efficiency: as email-send's (store item writes in that time ÷
 *   recipients, and writes per second ÷ store-ceiling's batch-items-per-s, measured just before);
 * - rate-error: |achieved − configured| ÷ configured for SMS_SEND_BENCH_RATE_RECIPIENTS (default
 *   4,000) recipients at SMS_SEND_RATE 100, achieved = messages ÷ (last send − first send).
 * Processes: the planner and delivery handlers run here; the provider stand-in (with the sink) and
 * fauxqs (SQS) are Node children, DynamoDB Local a JVM.
 */
import { resetConfigForTests } from '../../functions/lib/config.js';
import { smsCommand } from '../helpers/seed/campaigns.js';
import { achievedRate, countStoreWrites, duplicatesAfterCrash, seededAccount, sendCampaign, sinkRecordsOf, sizeFromEnv, startSendEmulators } from './campaign-send-harness.js';
import { storeCeiling } from './store-ceiling.js';
import type { Benchmark, Figure } from './figures.js';

const RECIPIENTS = sizeFromEnv('SMS_SEND_BENCH_RECIPIENTS', 50_000);
const RATE_RECIPIENTS = sizeFromEnv('SMS_SEND_BENCH_RATE_RECIPIENTS', 4_000);
const WORKERS = Number(process.env.SMS_SEND_BENCH_WORKERS ?? 16);
const CRASH_RECIPIENTS = sizeFromEnv('SMS_SEND_BENCH_CRASH_RECIPIENTS', 400);
const CRASH_RUNS = 5;
const RATE = 100;

export const smsSend: Benchmark = {
  name: 'sms-send',
  async run(): Promise<Figure[]> {
    const ceiling = (await storeCeiling.run()).find((figure) => figure.metric === 'batch-items-per-s')!.value;
    const { sinkDir, stop } = await startSendEmulators('sms');
    const figure = (metric: string, value: number, unit: string): Figure => ({ bench: 'sms-send', metric, value, unit });
    const send = async (account: Awaited<ReturnType<typeof seededAccount>>) => sendCampaign(account, smsCommand(), 'sms', WORKERS);
    try {
      const counter = countStoreWrites();

      // Unlimited rate.
      const fullAccount = await seededAccount(RECIPIENTS, 'sms');
      const writesBefore = counter.writes;
      const full = await send(fullAccount);
      const writes = counter.writes - writesBefore;
      const sent = (await sinkRecordsOf(sinkDir, 'sms', full.campaignId)).length;
      const figures = [
        figure('recipients', RECIPIENTS, 'messages'),
        figure('sent', sent, 'messages'),
        figure('store-ceiling-batch-items-per-s', ceiling, 'items/s'),
        figure('messages-per-s', sent / full.seconds, 'messages/s'),
        figure('writes-per-message', writes / sent, 'writes'),
        figure('store-efficiency', writes / full.seconds / ceiling, 'ratio'),
      ];

      // At a configured rate.
      process.env.SMS_SEND_RATE = String(RATE);
      resetConfigForTests();
      const paced = await send(await seededAccount(RATE_RECIPIENTS, 'sms'));
      const achieved = achievedRate(await sinkRecordsOf(sinkDir, 'sms', paced.campaignId));
      figures.push(figure('rate-achieved', achieved, 'messages/s'), figure('rate-error', Math.abs(achieved - RATE) / RATE, 'ratio'));
      // Killed mid-send at a random moment, then delivered again.
      process.env.SMS_SEND_RATE = '0';
      resetConfigForTests();
      const crash = await duplicatesAfterCrash({ channel: 'sms', command: () => smsCommand(), recipients: CRASH_RECIPIENTS, runs: CRASH_RUNS });
      figures.push(
        figure('duplicates-after-crash', crash.duplicates, 'recipients'),
        figure('in-flight-limit', crash.inFlightLimit, 'messages'),
        figure('duplicates-over-in-flight', crash.duplicates / crash.inFlightLimit, 'ratio'),
      );
      return figures;
    } finally {
      delete process.env.SMS_SEND_RATE;
      await stop();
    }
  },
};
