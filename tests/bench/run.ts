/**
 * `npm run bench` runs every benchmark; `npm run bench -- NAME [NAME…]` runs the named ones.
 * Figures are JSON lines on stdout; targets and recorded results live in docs/benchmarks.md.
 * Each benchmark module is loaded only when it runs, so one's start-up cost never skews another.
 */
import { printFigure, type Benchmark } from './figures.js';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const BENCHMARKS: Record<string, () => Promise<Benchmark>> = {
  'store-ceiling': async () => (await import('./store-ceiling.js')).storeCeiling,
  'host-start': async () => (await import('./host-start.js')).hostStart,
  'api-user': async () => (await import('./api-user.js')).apiUser,
  'web-bundle': async () => (await import('./web-bundle.js')).webBundle,
  'realtime-fanout': async () => (await import('./realtime-fanout.js')).realtimeFanout,
  'contacts-search': async () => (await import('./contacts.js')).contactsSearch,
  'contacts-resolve': async () => (await import('./contacts.js')).contactsResolve,
  'import': async () => (await import('./import.js')).importBench,
  'template-render': async () => (await import('./template-render.js')).templateRender,
  'email-send': async () => (await import('./email-send.js')).emailSend,
  'sms-send': async () => (await import('./sms-send.js')).smsSend,
  'webhook-delivery': async () => (await import('./webhook-delivery.js')).webhookDelivery,
  checkout: async () => (await import('./checkout.js')).checkout,
};

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !(name in BENCHMARKS));
if (unknown.length > 0) {
  console.error(`unknown benchmark: ${unknown.join(', ')}; known: ${Object.keys(BENCHMARKS).join(', ')}`);
  process.exit(2);
}

for (const [name, load] of Object.entries(BENCHMARKS)) {
  if (wanted.length > 0 && !wanted.includes(name)) continue;
  const bench = await load();
  for (const figure of await bench.run()) printFigure(figure);
}
process.exit(0);
