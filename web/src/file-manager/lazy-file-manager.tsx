/**
 * The file manager drawer, loaded on first open: the sidebar and the editors render this, and
 * everything behind it (the drawer, its API calls and texts) is a chunk of its own.
 */
import { lazy, Suspense } from 'react';
import type { FileManagerDrawerProps } from './file-manager-drawer.js';

const Drawer = lazy(() => import('./file-manager-drawer.js'));

export function FileManager(props: FileManagerDrawerProps) {
  return (
    <Suspense fallback={null}>
      <Drawer {...props} />
    </Suspense>
  );
}
