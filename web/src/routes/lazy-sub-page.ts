/**
 * A page loaded from an area's own chunk (templates, emails): React.lazy with the spec's chunk
 * timeout (spec §9: 120 s). Not lazy-page.ts: importing that from a lazy chunk would split it into a
 * chunk of its own, preloaded by every visit. A failure reaches the route error boundary.
 */
import { lazy, type ComponentType } from 'react';
import { TIMEOUTS_MS } from '../../../shared/constants.js';

export function lazySubPage(load: () => Promise<{ default: ComponentType }>) {
  return lazy(() =>
    Promise.race([
      load(),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`Loading the page took longer than ${TIMEOUTS_MS.lazyChunk / 1000} s`)), TIMEOUTS_MS.lazyChunk)),
    ]),
  );
}
