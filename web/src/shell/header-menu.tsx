/**
 * A header icon that opens a 400×500 panel (spec §2.7, §9 "Menu panels"): the shared frame of
 * the announcement, notification and shopping-cart menus. The panel mounts only while open, so
 * each menu's data is fetched on opening.
 */
import { useState, type ReactNode } from 'react';
import { Box, Flex, IconButton, Popover, Portal, Spinner, Text, type IconProps } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { MENU_PANEL } from '../../../shared/constants.js';
import { InboxIcon, WarningIcon } from '../components/icons.js';

type HeaderMenuProps = {
  label: string;
  icon: (props: IconProps) => ReactNode;
  /** Shows a dot on the icon (unread or non-empty). */
  dot?: boolean;
  /** Text inside the dot, e.g. an unread count. */
  dotLabel?: string;
  testId: string;
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  headerAction?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
};

/** Open state of a header menu; the menus refetch on open (spec §2.7), so `onOpen` runs each time. */
export function useMenuOpen(onOpen: () => void) {
  const [open, setOpen] = useState(false);
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) onOpen();
  };
  return { open, close: () => setOpen(false), onOpenChange };
}

export function HeaderMenu(props: HeaderMenuProps) {
  const Icon = props.icon;
  return (
    <Popover.Root
      open={props.open}
      onOpenChange={(details) => props.onOpenChange(details.open)}
      positioning={{ placement: 'bottom-end', gutter: 8 }}
      lazyMount
      unmountOnExit
    >
      <Popover.Trigger asChild>
        <IconButton variant="ghost" colorPalette="gray" rounded="full" aria-label={props.label} position="relative" data-testid={`${props.testId}-button`}>
          <Icon boxSize="5" />
          {props.dot && <MenuDot label={props.dotLabel} testId={`${props.testId}-dot`} />}
        </IconButton>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content
            width={`min(${MENU_PANEL.width}px, calc(100vw - 16px))`}
            height={`min(${MENU_PANEL.height}px, calc(100vh - 80px))`}
            display="flex"
            flexDirection="column"
            data-testid={`${props.testId}-panel`}
          >
            <Flex align="center" justify="space-between" gap="3" px="4" py="3" borderBottomWidth="1px">
              <Popover.Title fontWeight="semibold" fontSize="md">
                {props.title}
              </Popover.Title>
              {props.headerAction}
            </Flex>
            <Popover.Body flex="1" overflowY="auto" p="0">
              {props.children}
            </Popover.Body>
            {props.footer && (
              <Flex align="center" justify="space-between" gap="3" px="4" py="3" borderTopWidth="1px">
                {props.footer}
              </Flex>
            )}
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}

function MenuDot({ label, testId }: { label?: string; testId: string }) {
  // A plain dot for "something new", a pill with the count when there is one (capped at 99+).
  const size = label ? { minW: '18px', h: '18px', px: '4px', top: '2px', right: '0' } : { minW: '10px', h: '10px', px: '0', top: '7px', right: '7px' };
  return (
    <Box
      as="span"
      position="absolute"
      {...size}
      rounded="full"
      bg="red.500"
      color="white"
      fontSize="10px"
      fontWeight="bold"
      lineHeight="14px"
      textAlign="center"
      borderWidth="2px"
      borderColor="bg"
      pointerEvents="none"
      data-testid={testId}
    >
      {label}
    </Box>
  );
}

export function MenuLoading() {
  return (
    <Flex h="full" align="center" justify="center" py="10">
      <Spinner color="brand.solid" />
    </Flex>
  );
}

/** The empty state of a menu list: an icon and a sentence. */
export function MenuEmpty({ text, testId }: { text: string; testId: string }) {
  return (
    <Flex h="full" direction="column" align="center" justify="center" gap="3" px="8" py="10" textAlign="center" data-testid={testId}>
      <Flex boxSize="12" rounded="full" bg="bg.muted" align="center" justify="center" color="fg.muted">
        <InboxIcon boxSize="6" />
      </Flex>
      <Text color="fg.muted">{text}</Text>
    </Flex>
  );
}

/** A failed load, with a retry (the menus must stay usable when a call fails). */
export function MenuError({ onRetry, testId }: { onRetry(): void; testId: string }) {
  const { t } = useTranslation('shell');
  return (
    <Flex h="full" direction="column" align="center" justify="center" gap="3" px="8" py="10" textAlign="center" data-testid={testId}>
      <Flex boxSize="12" rounded="full" bg="bg.error" align="center" justify="center" color="fg.error">
        <WarningIcon boxSize="6" />
      </Flex>
      <Text color="fg.muted">{t('menu.loadFailed')}</Text>
      <Text
        as="button"
        color="brand.fg"
        fontWeight="medium"
        cursor="pointer"
        _hover={{ textDecoration: 'underline' }}
        onClick={onRetry}
      >
        {t('common:action.retry')}
      </Text>
    </Flex>
  );
}
