/** The admin list of announcements: title and preview, when published, until when, flags, actions. */
import type { ReactNode } from 'react';
import { Badge, Box, Button, Flex, HStack, IconButton, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { isStillValid } from '../../announcements/pop-up.js';
import type { TAnnouncement } from '../../api/announcements.js';
import { InboxIcon, PencilIcon, TrashIcon, WarningIcon } from '../../components/icons.js';
import { useFormatters } from '../../format/use-formatters.js';

type Props = {
  announcements: TAnnouncement[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry(): void;
  onEdit(announcement: TAnnouncement): void;
  onDelete(announcement: TAnnouncement): void;
};

export function AnnouncementTable({ announcements, loading, failed, onRetry, onEdit, onDelete }: Props) {
  const { t } = useTranslation('realtime');
  if (loading) return <TableSkeleton />;
  if (failed) {
    return (
      <TableMessage icon={WarningIcon} text={t('admin.loadFailed')}>
        <Button size="sm" variant="outline" onClick={onRetry}>
          {t('common:action.retry')}
        </Button>
      </TableMessage>
    );
  }
  if (!announcements || announcements.length === 0) return <TableMessage icon={InboxIcon} text={t('admin.empty')} />;

  return (
    <Box borderWidth="1px" rounded="xl" overflowX="auto" bg="bg">
      <Table.Root size="md" data-testid="admin-announcement-table">
        <Table.Header>
          <Table.Row bg="bg.subtle">
            <Table.ColumnHeader>{t('admin.column.announcement')}</Table.ColumnHeader>
            <Table.ColumnHeader whiteSpace="nowrap">{t('admin.column.published')}</Table.ColumnHeader>
            <Table.ColumnHeader whiteSpace="nowrap">{t('admin.column.validUntil')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('admin.column.flags')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">
              <Box as="span" srOnly>
                {t('admin.column.actions')}
              </Box>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {announcements.map((announcement) => (
            <AnnouncementRow key={announcement.id} announcement={announcement} onEdit={onEdit} onDelete={onDelete} />
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

function AnnouncementRow({ announcement, onEdit, onDelete }: { announcement: TAnnouncement } & Pick<Props, 'onEdit' | 'onDelete'>) {
  const { t } = useTranslation('realtime');
  const { dateTime } = useFormatters();
  const expired = !isStillValid(announcement, Date.now());
  return (
    <Table.Row data-testid="admin-announcement-row">
      <Table.Cell maxW="md">
        <Text fontWeight="medium" lineClamp="1">
          {announcement.title}
        </Text>
        <Text fontSize="sm" color="fg.muted" lineClamp="1">
          {announcement.preview}
        </Text>
      </Table.Cell>
      <Table.Cell whiteSpace="nowrap" fontSize="sm">
        {dateTime(announcement.published_time)}
      </Table.Cell>
      <Table.Cell whiteSpace="nowrap" fontSize="sm" color={expired ? 'fg.error' : undefined}>
        {announcement.valid_date ? dateTime(announcement.valid_date) : t('admin.noEnd')}
      </Table.Cell>
      <Table.Cell>
        <HStack gap="1.5" wrap="wrap">
          {announcement.pop_up && <Badge colorPalette="brand">{t('admin.flag.popUp')}</Badge>}
          {announcement.important && <Badge colorPalette="red">{t('admin.flag.important')}</Badge>}
          {expired && <Badge colorPalette="gray">{t('admin.flag.expired')}</Badge>}
        </HStack>
      </Table.Cell>
      <Table.Cell textAlign="end" whiteSpace="nowrap">
        <IconButton size="sm" variant="ghost" colorPalette="gray" aria-label={t('admin.edit')} onClick={() => onEdit(announcement)} data-testid="admin-edit">
          <PencilIcon boxSize="4" />
        </IconButton>
        <IconButton size="sm" variant="ghost" colorPalette="red" aria-label={t('admin.delete')} onClick={() => onDelete(announcement)} data-testid="admin-delete">
          <TrashIcon boxSize="4" />
        </IconButton>
      </Table.Cell>
    </Table.Row>
  );
}

function TableSkeleton() {
  return (
    <Stack gap="2" borderWidth="1px" rounded="xl" p="4">
      {[0, 1, 2].map((row) => (
        <Skeleton key={row} h="12" rounded="md" />
      ))}
    </Stack>
  );
}

function TableMessage({ icon: Icon, text, children }: { icon: typeof InboxIcon; text: string; children?: ReactNode }) {
  return (
    <Flex direction="column" align="center" justify="center" gap="3" py="16" px="6" borderWidth="1px" borderStyle="dashed" rounded="xl" textAlign="center">
      <Flex boxSize="12" rounded="full" bg="bg.muted" align="center" justify="center" color="fg.muted">
        <Icon boxSize="6" />
      </Flex>
      <Text color="fg.muted" maxW="sm">
        {text}
      </Text>
      {children}
    </Flex>
  );
}
