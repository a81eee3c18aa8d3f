/** Route code-splitting with the spec's lazy-chunk timeout (spec §9: 120 s). */
import { createElement, lazy, type ComponentType, type ReactElement } from 'react';
import { TIMEOUTS_MS } from '../../../shared/constants.js';

type PageModule = { default: ComponentType };

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Loading the page took longer than ${ms / 1000} s`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * A route's element that loads its page module on first visit; the nearest Suspense shows the
 * spinner meanwhile, and a failure reaches the route error boundary.
 */
export function lazyPage(load: () => Promise<PageModule>): ReactElement {
  return createElement(lazy(() => withTimeout(load(), TIMEOUTS_MS.lazyChunk)));
}
