/**
 * The provider stand-in (infra/local/provider-stand-in.ts) in a process of its own, for benchmarks:
 * as SES and End User Messaging are in AWS, its work (the sink's line, the events it publishes) is
 * then not the sending process's. It keeps messages in SINK_DIR and publishes on the queues of its
 * environment; it tells its parent its endpoints and ends when the parent goes.
 */
import { startProviderStandIn } from '../../infra/local/provider-stand-in.js';

const sinkDir = process.env.SINK_DIR;
if (!sinkDir) throw new Error('SINK_DIR must be set');
const standIn = await startProviderStandIn({ sinkDir });
process.send?.({ env: standIn.env });
process.on('disconnect', () => void standIn.stop().then(() => process.exit(0)));
