/**
 * The connection banner (spec §2.2): shown to provider support, to users acting on another
 * account and to team admins, with return-to-own-account and an access-rights dialog.
 */
import { useState } from 'react';
import { Button, Dialog, Flex, IconButton, Portal, Table, Text, Tooltip } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { hasFullAccess, isActingOnOtherAccount, roleKeyOf, SECTIONS, type TPermissions } from '../../../shared/domain/permissions.js';
import type { TUserInfo } from '../../../shared/schemas/user.js';
import { LinkIcon, ReturnIcon, ShieldIcon, TeamIcon } from '../components/icons.js';
import { accessWording } from '../format/access.js';
import { useReturnToOwnAccount } from '../session/use-return-to-own-account.js';
import type { SessionClaims } from '../session/session.js';
import { connectionBannerKind } from './shell-rules.js';

const KIND_STYLE = {
  support: { palette: 'red', icon: ShieldIcon },
  teamAdmin: { palette: 'teal', icon: TeamIcon },
  connection: { palette: 'blue', icon: LinkIcon },
} as const;

export function ConnectionBanner({ user, claims }: { user: TUserInfo; claims: SessionClaims }) {
  const { t } = useTranslation('shell');
  const [rightsOpen, setRightsOpen] = useState(false);
  const returning = useReturnToOwnAccount();
  const kind = connectionBannerKind(claims);
  if (!kind) return null;

  const actingOnOther = isActingOnOtherAccount(claims);
  const { palette, icon: Icon } = KIND_STYLE[kind];
  const roleKey = claims.connectionRole ? roleKeyOf(claims.connectionRole) : undefined;
  const role = roleKey ? t(`roles.${roleKey}`) : t('roles.custom');

  const message =
    kind === 'support'
      ? t('banner.support', { name: user.fullname })
      : kind === 'teamAdmin'
        ? actingOnOther
          ? t('banner.teamAdminActing', { name: user.fullname })
          : t('banner.teamAdmin')
        : t('banner.connection', { name: user.fullname, role });

  return (
    <Flex
      colorPalette={palette}
      bg="colorPalette.subtle"
      color="colorPalette.fg"
      px={{ base: '4', md: '6' }}
      py="2"
      gap="3"
      align="center"
      borderBottomWidth="1px"
      borderColor="colorPalette.muted"
      data-testid="connection-banner"
      data-kind={kind}
    >
      <Icon boxSize="4.5" flexShrink="0" />
      <Text fontSize="sm" fontWeight="medium" flex="1" minW="0">
        {message}
      </Text>
      {actingOnOther && (
        <Button size="xs" variant="outline" colorPalette={palette} onClick={() => setRightsOpen(true)}>
          {t('banner.accessRights')}
        </Button>
      )}
      {actingOnOther && (
        <Tooltip.Root openDelay={200}>
          <Tooltip.Trigger asChild>
            <IconButton
              size="xs"
              variant="solid"
              colorPalette={palette}
              aria-label={t('user.returnToOwnAccount')}
              disabled={returning.isReturning}
              onClick={() => void returning.returnNow()}
            >
              <ReturnIcon boxSize="4" />
            </IconButton>
          </Tooltip.Trigger>
          <Portal>
            <Tooltip.Positioner>
              <Tooltip.Content>{t('user.returnToOwnAccount')}</Tooltip.Content>
            </Tooltip.Positioner>
          </Portal>
        </Tooltip.Root>
      )}
      <AccessRightsDialog
        open={rightsOpen}
        onClose={() => setRightsOpen(false)}
        role={role}
        permissions={claims.permissions}
        fullAccess={hasFullAccess(claims)}
      />
    </Flex>
  );
}

type RightsProps = { open: boolean; onClose(): void; role: string; permissions: TPermissions; fullAccess: boolean };

function AccessRightsDialog({ open, onClose, role, permissions, fullAccess }: RightsProps) {
  const { t } = useTranslation('shell');
  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW="520px">
            <Dialog.Header>
              <Dialog.Title>{t('banner.accessRightsTitle', { role })}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Table.Root size="sm" variant="line">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{t('access.section')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('access.rights')}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">{t('access.delete')}</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {SECTIONS.map((section) => {
                    const flags = fullAccess ? { read: true, write: true, execute: true, delete: true } : permissions[section];
                    return (
                      <Table.Row key={section}>
                        <Table.Cell>{t(`access.sections.${section}`)}</Table.Cell>
                        <Table.Cell>{t(`access.wording.${accessWording(flags)}`)}</Table.Cell>
                        <Table.Cell textAlign="end">{t(flags.delete ? 'access.yes' : 'access.no')}</Table.Cell>
                      </Table.Row>
                    );
                  })}
                </Table.Body>
              </Table.Root>
            </Dialog.Body>
            <Dialog.Footer>
              <Button onClick={onClose}>{t('common:action.ok')}</Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
