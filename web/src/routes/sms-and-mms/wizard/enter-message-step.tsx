/**
 * enter-message (spec §2.1; §2.2 createCampaign-enterMessage and createCampaign-mmsEditor): the
 * templates' message editor in campaign mode, full screen. The text with personalisation tags and
 * its live count (SMS: characters and segments as billed, GSM-7 160/153 or UCS-2 70/67; MMS: the
 * 1,600-character limit), the MMS's media from the file manager (checked against the MMS limits
 * before they join: the server refuses them too; pictures shown as thumbnails), the phone preview
 * with the pictures, and below, the cost of the
 * saved campaign. Every change goes into the draft (local storage, autosave); Save and the way back
 * save it; Review and send opens the send dialog.
 */
import { useEffect, useState } from 'react';
import { Box, Button, Flex, Heading, HStack, IconButton, Image, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { MMS_MEDIA_LIMITS, mmsComponentType, mmsMediaProblems, type MmsMediaProblem } from '../../../../../shared/domain/mms-media.js';
import { canUseFileManager } from '../../../../../shared/domain/permissions.js';
import { TEMPLATE_LIMITS, messageTextLimit } from '../../../../../shared/domain/templates.js';
import type { TMmsComponent } from '../../../../../shared/schemas/campaigns.js';
import { useFilesById, type TFileEntry } from '../../../api/file-manager.js';
import { useFieldSchemas } from '../../../api/contacts.js';
import { showError } from '../../../components/error-dialog.js';
import { FileTextIcon, PaperclipIcon, TrashIcon } from '../../../components/icons.js';
import { notify } from '../../../components/toaster.js';
import { FileManager } from '../../../file-manager/lazy-file-manager.js';
import { formatFileSize } from '../../../format/file-size.js';
import { useClaims } from '../../../session/session.js';
import { SendDialog } from '../../../components/campaign-wizard/send-dialog.js';
import { EditorLayout } from '../../../components/template-editor/editor-layout.js';
import { MessageField, PhonePreview } from '../../../components/template-editor/message-field.js';
import { useTemplateName } from '../../../components/template-editor/template-name-field.js';
import type { TemplateEditor } from '../../../components/template-editor/use-template-editor.js';
import { useTemplateText } from '../../../components/template-editor/use-template-text.js';
import { CampaignCost } from './campaign-cost.js';
import { SmsReview } from './sms-review.js';
import type { SmsDraft } from './sms-draft.js';

type Props = { draft: SmsDraft; channel: 'sms' | 'mms'; canExecute: boolean; isImporting: boolean; backTo: string };

export function EnterMessageStep({ draft, channel, canExecute, isImporting, backTo }: Props) {
  const { t } = useTranslation(['campaigns', 'templates']);
  const navigate = useNavigate();
  const campaignName = draft.command.name ?? draft.campaign.name;
  const name = useTemplateName(campaignName);
  const message = useTemplateText(draft.command.message ?? '');
  const [isSaving, setSaving] = useState(false);
  const [isSending, setSending] = useState(false);
  const { schemas: fields } = useFieldSchemas();

  // The text box is the editor's; the draft follows it (local storage at once, the server on save).
  const { update } = draft;
  useEffect(() => {
    if (message.text !== (draft.command.message ?? '')) update({ message: message.text });
  }, [message.text]); // eslint-disable-line react-hooks/exhaustive-deps

  const subject = channel === 'mms' ? (draft.command.subject ?? '') : '';
  const textLimit = messageTextLimit(channel, subject);
  const components = draft.command.content?.components ?? [];
  // The media's hosted URLs, for the pictures: a component names its file by id only.
  const claims = useClaims();
  const files = useFilesById(
    components.map((component) => component.contentId),
    claims !== null && canUseFileManager(claims),
  );
  const previewMedia = components.map((component) => ({ url: files.get(component.contentId)?.url ?? null, contentType: component.mimeType, name: component.filename }));

  const save = async () => {
    setSaving(true);
    try {
      await draft.save('enter-message', 'manual');
    } finally {
      setSaving(false);
    }
  };
  const fail = (failure: unknown) => showError(failure, { entity: 'campaign' });
  // The editor frame of the templates, writing the campaign: its name is shown read-only, Back returns to the wizard.
  const editor: TemplateEditor = {
    templateId: draft.id,
    sessionKey: draft.id,
    isReady: true,
    template: undefined,
    loadError: undefined,
    lock: draft.lock,
    readOnly: draft.readOnly,
    isShared: false,
    campaign: { name: campaignName, content: null, backTo, backLabel: t('content.back') },
    save: () => save(),
  };

  return (
    <EditorLayout
      editor={editor}
      title={t(`sms.editor.title.${channel}`)}
      backTo={backTo}
      onBack={() => save().then(() => navigate(backTo), fail)}
      name={name}
      isDirty={draft.saveState !== 'saved'}
      isSaving={isSaving}
      onSave={() => void save().catch(fail)}
      testId="campaign-message-editor"
      actions={
        canExecute && (
          <Button size="sm" variant="outline" onClick={() => setSending(true)} disabled={draft.readOnly} data-testid="review-send">
            {t('wizard.reviewSend')}
          </Button>
        )
      }
    >
      <Flex h="full" overflowY="auto" justify="center" gap="8" p={{ base: '4', md: '8' }} wrap="wrap" align="flex-start">
        <Stack gap="5" flex="1" minW="xs" maxW="2xl">
          <Stack gap="4" bg="bg" borderWidth="1px" rounded="xl" p="5" shadow="xs">
            <MessageField kind={channel} message={message} fields={fields ?? []} textLimit={textLimit} readOnly={draft.readOnly} />
            {channel === 'mms' && <MmsMediaField draft={draft} components={components} files={files} />}
          </Stack>
          <Stack gap="3" bg="bg" borderWidth="1px" rounded="xl" p="5" shadow="xs">
            <Heading size="sm">{t('sms.cost.title')}</Heading>
            <CampaignCost draft={draft} />
          </Stack>
        </Stack>
        <PhonePreview subject={subject} text={message.text} media={previewMedia} />
      </Flex>
      {isSending && (
        <SendDialog draft={draft} source="enter-message" isImporting={isImporting} onClose={() => setSending(false)}>
          <SmsReview draft={draft} channel={channel} />
        </SendDialog>
      )}
    </EditorLayout>
  );
}

/** The MMS's media: files of the file manager, each within the MMS limits for its type. */
function MmsMediaField({ draft, components, files }: { draft: SmsDraft; components: readonly TMmsComponent[]; files: ReadonlyMap<string, TFileEntry> }) {
  const { t, i18n } = useTranslation('campaigns');
  const [isPicking, setPicking] = useState(false);
  const size = (bytes: number) => formatFileSize(bytes, i18n.language);
  const problemText = (problem: MmsMediaProblem) =>
    problem.problem === 'type'
      ? t('sms.media.wrongType', { name: problem.filename, type: problem.mimeType })
      : t('sms.media.tooLarge', { name: problem.filename, size: size(problem.size), max: size(problem.maxBytes) });
  // Media saved before a limit changed, or from elsewhere: shown, as the send would refuse them.
  const problems = mmsMediaProblems(components);

  const add = (file: TFileEntry) => {
    const component: TMmsComponent = { type: mmsComponentType(file.contentType) ?? 'file', contentId: file.id, filename: file.name, size: file.size, mimeType: file.contentType };
    const [problem] = mmsMediaProblems([component]);
    if (problem) return notify({ type: 'error', title: t('sms.media.refused'), description: problemText(problem) });
    if (components.length >= TEMPLATE_LIMITS.mmsMedia) return notify({ type: 'error', title: t('sms.media.refused'), description: t('templates:mms.tooManyMedia', { n: TEMPLATE_LIMITS.mmsMedia }) });
    if (!components.some((other) => other.contentId === component.contentId)) draft.update({ content: { components: [...components, component] } });
    setPicking(false);
  };
  const remove = (index: number) => draft.update({ content: { components: components.filter((_, other) => other !== index) } });

  return (
    <Stack gap="2" data-testid="mms-media">
      <HStack justify="space-between">
        <Text fontWeight="medium" fontSize="sm">
          {t('sms.media.label')}
        </Text>
        <Button size="xs" variant="outline" disabled={draft.readOnly || components.length >= TEMPLATE_LIMITS.mmsMedia} onClick={() => setPicking(true)} data-testid="mms-media-add">
          <PaperclipIcon boxSize="3.5" />
          {t('sms.media.add')}
        </Button>
      </HStack>
      {components.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {t('sms.media.none')}
        </Text>
      ) : (
        components.map((component, index) => (
          <HStack key={component.contentId} gap="3" px="3" py="2" borderWidth="1px" rounded="md" data-testid="mms-media-item" data-filename={component.filename}>
            <MediumThumbnail component={component} url={files.get(component.contentId)?.url ?? null} />
            <Box flex="1" minW="0">
              <Text fontSize="sm" truncate>
                {component.filename}
              </Text>
              <Text fontSize="xs" color="fg.muted">
                {component.mimeType} · {size(component.size)}
              </Text>
            </Box>
            <IconButton size="xs" variant="ghost" colorPalette="gray" aria-label={t('sms.media.remove', { name: component.filename })} disabled={draft.readOnly} onClick={() => remove(index)}>
              <TrashIcon />
            </IconButton>
          </HStack>
        ))
      )}
      {problems.map((problem) => (
        <Text key={problem.index} fontSize="sm" color="fg.error" data-testid="mms-media-problem">
          {problemText(problem)}
        </Text>
      ))}
      <Text fontSize="xs" color="fg.muted">
        {t('sms.media.hint', { image: size(MMS_MEDIA_LIMITS['image/jpeg'].maxBytes), other: size(MMS_MEDIA_LIMITS['video/mp4'].maxBytes), n: TEMPLATE_LIMITS.mmsMedia })}
      </Text>
      {isPicking && <FileManager onClose={() => setPicking(false)} pick={{ onPick: add, accepts: () => true }} />}
    </Stack>
  );
}

/** A picture's thumbnail; other media, and a file no longer in the file manager, show an icon. */
function MediumThumbnail({ component, url }: { component: TMmsComponent; url: string | null }) {
  if (component.type !== 'image' || url === null) {
    return (
      <Flex boxSize="10" flexShrink="0" align="center" justify="center" rounded="sm" bg="bg.muted">
        <FileTextIcon boxSize="4" color="fg.muted" />
      </Flex>
    );
  }
  return <Image src={url} alt="" boxSize="10" flexShrink="0" objectFit="cover" rounded="sm" data-testid="mms-media-thumbnail" />;
}
