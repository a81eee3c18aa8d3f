/**
 * A list row's "more" menu (templates, contacts, campaigns, shared templates): a small ghost
 * button that opens the row's actions below it, right-aligned; destructive items in red.
 */
import type { ReactNode } from 'react';
import { IconButton, Menu, Portal } from '@chakra-ui/react';
import { MoreIcon } from './icons.js';

type RowMenuProps = { label: string; testId: string; disabled?: boolean; minW?: string; children: ReactNode };

export function RowMenu({ label, testId, disabled, minW = '40', children }: RowMenuProps) {
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <IconButton size="xs" variant="ghost" colorPalette="gray" aria-label={label} disabled={disabled} data-testid={testId}>
          <MoreIcon boxSize="4" />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW={minW}>{children}</Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

type DangerItemProps = { value: string; icon: ReactNode; onClick(): void; testId?: string; children: ReactNode };

/** An item that deletes or leaves: red, with its icon first. */
export function DangerMenuItem({ value, icon, onClick, testId, children }: DangerItemProps) {
  return (
    <Menu.Item value={value} color="fg.error" _hover={{ bg: 'bg.error', color: 'fg.error' }} onClick={onClick} data-testid={testId}>
      {icon}
      {children}
    </Menu.Item>
  );
}
