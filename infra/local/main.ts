/**
 * `npm start` / `npm run dev:host`: the whole product on this machine. PORT (3000), HOST
 * (127.0.0.1), DATA_DIR (.data) and DEV_ROUTES configure it; Ctrl+C stops it cleanly.
 */
import { startLocalHost } from './host.js';
import { PortInUseError } from './ports.js';

// The AWS SDK warns on every client that Node 20 support ends in 2027; the pins are deliberate.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const startedAt = Date.now();
try {
  const host = await startLocalHost({
    port: Number(process.env.PORT ?? 3000),
    host: process.env.HOST,
    dataDir: process.env.DATA_DIR ?? '.data',
    logRequests: true,
  });
  console.log(
    [
      '',
      `  Campaign platform running at ${host.url}   (ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s)`,
      `  Demo sign-in:  ${host.demo.email} / ${host.demo.password}`,
      `  Support staff: ${host.support.email} / ${host.support.password}   (admin: announcements, force-logout, locks)`,
      ...(host.devRoutes
        ? [
            `  Dev mailbox:   ${host.url}/dev/mailbox   (SMS: ${host.url}/dev/sms)`,
            `  Sample notification: POST ${host.url}/dev/api/notify {email, type, messageType, severity, values}`,
          ]
        : ['  Dev mailbox:   off, as HOST is not loopback (DEV_ROUTES=1 turns it on)']),
      `  Stripe:        stand-in at ${host.env.STRIPE_API_URL}   (test cards: 4242 4242 4242 4242; 3-D Secure 4000 0025 0000 3155)`,
      `  Data folder:   ${host.dataDir}`,
      '  Press Ctrl+C to stop.',
      '',
    ].join('\n'),
  );

  let stoppingSince = 0;
  const shutdown = (signal: NodeJS.Signals): void => {
    if (stoppingSince > 0) {
      // One Ctrl+C can arrive twice (from the terminal and forwarded by scripts/start.mjs); a
      // later one means "now": leave, and the exit hook still kills the DynamoDB Local JVM.
      if (Date.now() - stoppingSince > 1_000) process.exit(1);
      return;
    }
    stoppingSince = Date.now();
    console.log(`\n[local] ${signal}: stopping…`);
    host.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('[local] Stopping failed:', error);
        process.exit(1);
      },
    );
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, shutdown);
} catch (error) {
  if (error instanceof PortInUseError) {
    console.error(`\n[local] ${error.message}\n[local] Another \`npm start\` may be running; or use PORT=3001 npm start.\n`);
  } else {
    console.error('[local] The local host could not start:', error);
  }
  process.exit(1);
}
