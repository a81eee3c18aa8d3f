/**
 * The "Export" action of the contacts list, a group's details and an advanced search's results.
 * Shown only with the contact section's export (execute) permission; the dialog is its own lazy
 * chunk, loaded on the first click, so the pages carrying the button stay light.
 */
import { lazy, Suspense, useState } from 'react';
import { Button, Icon, type ButtonProps, type IconProps } from '@chakra-ui/react';
import type { ExportDialogSource } from './export-dialog.js';
import { useCanExport } from './use-can-export.js';

const ExportDialog = lazy(() => import('./export-dialog.js'));

/** An arrow leaving a tray: the file goes out (the import action's arrow comes in). */
function ExportIcon(props: IconProps) {
  return (
    <Icon {...props} asChild>
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <path d="M12 15V3M7 8l5-5 5 5M4 15v4a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-4" />
      </svg>
    </Icon>
  );
}

type Props = { source: ExportDialogSource; label: string; testId: string } & Pick<ButtonProps, 'size' | 'variant'>;

export type { ExportDialogSource };

export function ExportButton({ source, label, testId, size, variant = 'outline' }: Props) {
  const canExport = useCanExport();
  const [open, setOpen] = useState(false);
  if (!canExport) return null;
  return (
    <>
      <Button size={size} variant={variant} onClick={() => setOpen(true)} data-testid={testId}>
        <ExportIcon boxSize="4" />
        {label}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ExportDialog source={source} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
