import type { ReactNode } from 'react';
import { Button } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

/** A small link-styled action in a menu header or footer ("Mark all as read", "Clear all"). */
export function TextAction({ onClick, children, disabled }: { onClick(): void; children: ReactNode; disabled?: boolean }) {
  return (
    <Button variant="plain" size="xs" color="brand.fg" px="0" h="auto" minW="0" fontWeight="medium" disabled={disabled} onClick={onClick}>
      {children}
    </Button>
  );
}

/** The same look for an in-app link. */
export function TextLink({ to, children, onNavigate }: { to: string; children: ReactNode; onNavigate?(): void }) {
  return (
    <Button asChild variant="plain" size="xs" color="brand.fg" px="0" h="auto" minW="0" fontWeight="medium">
      <RouterLink to={to} onClick={onNavigate}>
        {children}
      </RouterLink>
    </Button>
  );
}
