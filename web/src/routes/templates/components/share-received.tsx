/**
 * `/templates?tab=shared` (spec §4 "Template and group sharing"): offers waiting for the user's
 * answer (accept or decline), then the templates others share with this account, with their owner
 * and the access given; each can be previewed (sanitised by the server), copied into the account or
 * left. The other tabs show a notice while offers wait, so a templateShare notification that lands
 * on /templates leads here.
 */
import { useState } from 'react';
import { Alert, Badge, Box, Button, Dialog, HStack, IconButton, Link, Menu, Portal, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import {
  acceptShare,
  copySharedTemplate,
  leaveShare,
  rejectShare,
  useSharedTemplate,
  useSharedWithMe,
  type TReceivedShare,
} from '../../../api/template-shares.js';
import { ConfirmDialog } from '../../../components/confirm-dialog.js';
import { showError } from '../../../components/error-dialog.js';
import { CloseIcon, EyeIcon, FileTextIcon, InboxIcon, LockIcon, PencilIcon } from '../../../components/icons.js';
import { DangerMenuItem, RowMenu } from '../../../components/row-menu.js';
import { ListError, ListMessage, ListSkeleton } from '../../../components/list-states.js';
import { notify } from '../../../components/toaster.js';
import { useFormatters } from '../../../format/use-formatters.js';
import { editorPathOf } from '../../../paths/templates.js';
import { TemplateThumbnail } from '../../../components/templates/template-thumbnail.js';
import type { TemplatePermissions } from '../../../components/templates/use-template-permissions.js';
import { HtmlPreview } from '../../../components/template-editor/html-preview.js';

/** The "Shared with me" tab of the templates list. */
export const SHARED_WITH_ME_PATH = '/templates?tab=shared';

/** The editor of a share with edit rights: the owner's template, read and saved through the share. */
function sharedEditorPath(share: TReceivedShare): string | null {
  if (share.rights !== 'edit') return null;
  return `${editorPathOf({ id: share.templateId, kind: share.kind, editor: share.editor })}&share=${encodeURIComponent(share.id)}`;
}

/** Runs an answer or action, toasting its outcome; failures open the error dialog. */
function useAction() {
  const [busyId, setBusyId] = useState<string | null>(null);
  const run = async (id: string, work: () => Promise<string>) => {
    setBusyId(id);
    try {
      notify({ type: 'success', title: await work() });
    } catch (failure) {
      showError(failure, { entity: 'template' });
    } finally {
      setBusyId(null);
    }
  };
  return { busyId, run };
}

export function SharedWithMe({ permissions }: { permissions: TemplatePermissions }) {
  const { t } = useTranslation('templates');
  const { shares, error, refetch } = useSharedWithMe();
  const [previewing, setPreviewing] = useState<TReceivedShare | null>(null);
  if (!shares) {
    return error ? <ListError title={t('shared.loadFailed')} onRetry={() => void refetch()} testId="shared-list-error" /> : <ListSkeleton rows={3} rowHeight="10" />;
  }
  const pending = shares.filter((share) => share.status === 'pending');
  const accepted = shares.filter((share) => share.status === 'accepted');
  return (
    <Stack gap="5" data-testid="shared-with-me">
      {pending.length > 0 && <PendingOffers offers={pending} canAnswer={permissions.canWrite} />}
      <Box bg="bg" borderWidth="1px" rounded="xl" overflow="hidden" shadow="xs" data-testid="shared-list">
        {accepted.length === 0 ? (
          <ListMessage icon={InboxIcon} title={t('shared.empty')} text={t('shared.emptyHint')} testId="shared-list-empty" />
        ) : (
          <SharedTable shares={accepted} canWrite={permissions.canWrite} onPreview={setPreviewing} />
        )}
      </Box>
      {previewing && <SharedPreviewDialog share={previewing} onClose={() => setPreviewing(null)} />}
    </Stack>
  );
}

function PendingOffers({ offers, canAnswer }: { offers: readonly TReceivedShare[]; canAnswer: boolean }) {
  const { t } = useTranslation('templates');
  const { dateTime } = useFormatters();
  const { busyId, run } = useAction();
  return (
    <Box bg="bg" borderWidth="1px" rounded="xl" shadow="xs" p="4" data-testid="shared-offers">
      <Text fontWeight="semibold" mb="1">
        {t('shared.offersTitle', { count: offers.length })}
      </Text>
      <Text fontSize="sm" color="fg.muted" mb="3">
        {canAnswer ? t('shared.offersHint') : t('shared.offersNoPermission')}
      </Text>
      <Stack gap="2">
        {offers.map((offer) => (
          <HStack key={offer.id} gap="3" py="2" borderTopWidth="1px" flexWrap="wrap" data-testid="shared-offer" data-share-id={offer.id}>
            <Box flex="1" minW="60">
              <Text fontSize="sm">
                {t(offer.mode === 'copy' ? 'shared.offerCopy' : 'shared.offerShare', { owner: offer.sharedBy.name || offer.owner.name, name: offer.templateName })}
              </Text>
              <Text fontSize="xs" color="fg.muted">
                {offer.mode === 'share' ? `${t(`share.rightsOption.${offer.rights}`)} · ` : ''}
                {offer.owner.email} · {dateTime(offer.createTime)}
              </Text>
            </Box>
            {canAnswer && (
              <HStack gap="2">
                <Button
                  size="sm"
                  loading={busyId === offer.id}
                  onClick={() =>
                    void run(offer.id, async () => {
                      const answer = await acceptShare(offer.id);
                      return answer.templateId ? t('shared.copyAccepted', { name: offer.templateName }) : t('shared.accepted', { name: offer.templateName });
                    })
                  }
                  data-testid="shared-offer-accept"
                >
                  {t('shared.accept')}
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={busyId === offer.id}
                  onClick={() =>
                    void run(offer.id, async () => {
                      await rejectShare(offer.id);
                      return t('shared.rejected', { name: offer.templateName });
                    })
                  }
                  data-testid="shared-offer-reject"
                >
                  {t('shared.reject')}
                </Button>
              </HStack>
            )}
          </HStack>
        ))}
      </Stack>
    </Box>
  );
}

function SharedTable({ shares, canWrite, onPreview }: { shares: readonly TReceivedShare[]; canWrite: boolean; onPreview(share: TReceivedShare): void }) {
  const { t } = useTranslation('templates');
  const { dateTime } = useFormatters();
  const { busyId, run } = useAction();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState<TReceivedShare | null>(null);
  return (
    <Box overflowX="auto">
      <Table.Root size="md" aria-label={t('shared.tableLabel')} data-testid="shared-table">
        <Table.Header>
          <Table.Row bg="bg.subtle">
            <Table.ColumnHeader>{t('list.column.name')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('list.column.kind')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('shared.owner')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('shared.access')}</Table.ColumnHeader>
            <Table.ColumnHeader whiteSpace="nowrap">{t('list.column.updated')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">
              <Box as="span" srOnly>
                {t('list.column.actions')}
              </Box>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {shares.map((share) => (
            <Table.Row key={share.id} data-testid="shared-row" data-share-id={share.id}>
              <Table.Cell maxW="sm">
                <HStack gap="2.5" minW="0">
                  {share.version && share.updateTime ? (
                    <TemplateThumbnail
                      template={{ id: share.templateId, name: share.templateName, version: share.version, updateTime: share.updateTime }}
                      ownerTuid={share.ownerTuid}
                    />
                  ) : (
                    <FileTextIcon boxSize="4" color="fg.muted" flexShrink="0" />
                  )}
                  <Link fontWeight="medium" truncate onClick={() => onPreview(share)} data-testid="shared-name">
                    {share.templateName}
                  </Link>
                  {share.lock && (
                    <Badge size="sm" variant="surface" colorPalette="orange" flexShrink="0">
                      <LockIcon boxSize="3" />
                      {t('list.editing', { name: share.lock.name })}
                    </Badge>
                  )}
                </HStack>
              </Table.Cell>
              <Table.Cell fontSize="sm" color="fg.muted">
                {t(`kind.${share.kind}`)}
              </Table.Cell>
              <Table.Cell fontSize="sm">
                <Text truncate data-testid="shared-owner">
                  {share.owner.name}
                </Text>
                <Text fontSize="xs" color="fg.muted" truncate>
                  {share.owner.email}
                </Text>
              </Table.Cell>
              <Table.Cell>
                <Badge size="sm" variant="surface" colorPalette={share.rights === 'edit' ? 'blue' : 'gray'} data-testid="shared-rights">
                  {t(`share.rightsOption.${share.rights}`)}
                </Badge>
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap" fontSize="sm" color="fg.muted">
                {share.updateTime ? dateTime(share.updateTime) : ''}
              </Table.Cell>
              <Table.Cell textAlign="end">
                <RowMenu label={t('list.rowActions', { name: share.templateName })} disabled={busyId === share.id} testId="shared-actions">
                  <Menu.Item value="preview" onClick={() => onPreview(share)} data-testid="shared-preview">
                    <EyeIcon boxSize="4" />
                    {t('shared.preview')}
                  </Menu.Item>
                  {canWrite && (
                    <>
                      {sharedEditorPath(share) && (
                        <Menu.Item value="edit" onClick={() => navigate(sharedEditorPath(share) ?? '')} data-testid="shared-edit">
                          <PencilIcon boxSize="4" />
                          {t('action.edit')}
                        </Menu.Item>
                      )}
                      <Menu.Item
                        value="copy"
                        onClick={() => void run(share.id, async () => t('copy.done', { name: (await copySharedTemplate(share.id)).name }))}
                        data-testid="shared-copy"
                      >
                        {t('shared.copy')}
                      </Menu.Item>
                      <DangerMenuItem value="leave" icon={<CloseIcon boxSize="4" />} onClick={() => setLeaving(share)} testId="shared-leave">
                        {t('shared.leave')}
                      </DangerMenuItem>
                    </>
                  )}
                </RowMenu>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      {leaving && (
        <ConfirmDialog
          title={t('shared.leaveTitle', { name: leaving.templateName })}
          confirmLabel={t('shared.leave')}
          destructive
          entity="template"
          testId="shared-leave-dialog"
          onClose={() => setLeaving(null)}
          onConfirm={async () => {
            await leaveShare(leaving.id);
            notify({ type: 'success', title: t('shared.left', { name: leaving.templateName }) });
            setLeaving(null);
          }}
        >
          <Text>{t('shared.leaveText', { owner: leaving.owner.name })}</Text>
        </ConfirmDialog>
      )}
    </Box>
  );
}

/** The shared template as the server sanitised it, in the sandboxed preview frame; SMS and MMS show their text. */
function SharedPreviewDialog({ share, onClose }: { share: TReceivedShare; onClose(): void }) {
  const { t } = useTranslation('templates');
  const { shared, error } = useSharedTemplate(share.id);
  const content = shared?.template.content;
  let body;
  if (error) body = <Text color="fg.error">{t('shared.previewFailed')}</Text>;
  else if (!content) body = <ListSkeleton rows={4} rowHeight="10" />;
  else if (content.kind === 'email') body = <HtmlPreview html={content.html} width="desktop" />;
  else
    body = (
      <Stack gap="2">
        {content.kind === 'mms' && content.subject && <Text fontWeight="semibold">{content.subject}</Text>}
        <Text whiteSpace="pre-wrap" data-testid="shared-preview-text">
          {content.text}
        </Text>
      </Stack>
    );
  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()} size="xl" placement="center" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="shared-preview-dialog">
            <Dialog.Header>
              <Dialog.Title>{share.templateName}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body minH="md">{body}</Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <IconButton size="sm" variant="ghost" aria-label={t('shared.closePreview')}>
                <CloseIcon boxSize="4" />
              </IconButton>
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** On the other tabs: offers wait for an answer (where a templateShare notification lands). */
export function PendingSharesNotice() {
  const { t } = useTranslation('templates');
  const { shares } = useSharedWithMe();
  const count = shares?.filter((share) => share.status === 'pending').length ?? 0;
  if (count === 0) return null;
  return (
    <Alert.Root status="info" variant="subtle" mb="4" data-testid="shared-offers-notice">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('shared.noticeTitle', { count })}</Alert.Title>
      </Alert.Content>
      <Link asChild fontSize="sm" fontWeight="semibold">
        <RouterLink to={SHARED_WITH_ME_PATH} data-testid="shared-offers-review">
          {t('shared.review')}
        </RouterLink>
      </Link>
    </Alert.Root>
  );
}
