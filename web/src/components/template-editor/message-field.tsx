/**
 * The text of an SMS or MMS as it is written: the box, the personalisation tag menu, the live count
 * (SMS characters and billed segments, or MMS characters against their limit) and the tags it
 * cannot fill. The template editor and the campaign's enter-message step share it, so both count
 * and check alike.
 */
import { useMemo } from 'react';
import { Box, Field, HStack, Image, Input, Stack, Text, type InputProps } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { parseTemplateTags } from '../../../../shared/domain/personalization.js';
import { countSmsSegments } from '../../../../shared/domain/sms-segments.js';
import type { TFieldSchema } from '../../../../shared/schemas/contacts.js';
import { PaperclipIcon } from '../icons.js';
import { useFormatters } from '../../format/use-formatters.js';
import type { MessageKind } from '../../paths/templates.js';
import type { useTemplateText } from './use-template-text.js';
import { InsertTagMenu } from './insert-tag-menu.js';
import { SmsCounter } from './message-counter.js';
import { TagProblems } from './tag-problems.js';

type Props = {
  kind: MessageKind;
  message: ReturnType<typeof useTemplateText>;
  fields: readonly TFieldSchema[];
  /** Characters the text may have: an SMS's 1,600, or the MMS limit of where it goes. */
  textLimit: number;
  readOnly: boolean;
};

export function MessageField({ kind, message, fields, textLimit, readOnly }: Props) {
  const { t } = useTranslation('templates');
  const { number } = useFormatters();
  const count = useMemo(() => countSmsSegments(message.text), [message.text]);
  const { problems } = useMemo(() => parseTemplateTags(message.text, { fields }), [message.text, fields]);
  return (
    <>
      <Field.Root readOnly={readOnly}>
        <HStack justify="space-between" w="full">
          <Field.Label>{t('message.label')}</Field.Label>
          <InsertTagMenu fields={fields} channel="message" disabled={readOnly} onInsert={message.insert} />
        </HStack>
        <MultilineInput>
          <textarea
            ref={message.ref}
            value={message.text}
            onChange={(event) => message.setText(event.currentTarget.value)}
            readOnly={readOnly}
            maxLength={textLimit}
            rows={9}
            placeholder={t('message.placeholder')}
            data-testid="message-text"
          />
        </MultilineInput>
        <Field.HelperText w="full">
          {kind === 'sms' ? (
            <SmsCounter count={count} />
          ) : (
            <Text data-testid="mms-counter">{t('counter.mms', { n: number(count.characters), max: number(textLimit) })}</Text>
          )}
        </Field.HelperText>
      </Field.Root>
      <TagProblems problems={problems} onSelect={(problem) => message.select(problem.start, problem.end)} />
    </>
  );
}

/**
 * A text box that looks like the app's inputs: the theme carries the input recipe and not the
 * textarea one, which would grow the initial bundle for two pages.
 */
export function MultilineInput(props: InputProps) {
  return <Input asChild h="auto" py="2" lineHeight="tall" resize="vertical" {...props} />;
}

/** A medium as the preview shows it: its URL when known, its type and name. */
export type PreviewMedium = { url: string | null; contentType?: string; name?: string };

const IMAGE_URL = /\.(png|jpe?g|gif|webp)(\?|#|$)/i;

/** Shown as a picture: an image type, or a URL that names an image when the type is not known; only a web address is loaded. */
function isPreviewImage(medium: PreviewMedium): medium is PreviewMedium & { url: string } {
  // A phone fetches MMS media over http(s) only; any other address (ftp:, file:) is an error the field shows, never a picture to load.
  if (medium.url === null || !/^https?:\/\//i.test(medium.url)) return false;
  return medium.contentType ? medium.contentType.startsWith('image/') : IMAGE_URL.test(medium.url);
}

/** The message as a phone shows it, tags as written, pictures above the text (the SMS and MMS campaigns' editor shows it too). */
export function PhonePreview({ subject, text, media }: { subject: string; text: string; media: readonly PreviewMedium[] }) {
  const { t } = useTranslation('templates');
  return (
    <Box w="72" flexShrink="0" bg="bg" borderWidth="1px" rounded="3xl" p="4" shadow="sm" aria-label={t('message.preview')} role="figure">
      <Box h="1.5" w="16" mx="auto" mb="4" rounded="full" bg="bg.emphasized" />
      <Stack minH="64" gap="2">
        {(text || subject || media.length > 0) && (
          <Box alignSelf="flex-start" maxW="85%" bg="bg.muted" rounded="2xl" roundedBottomLeft="sm" px="3" py="2" fontSize="sm" whiteSpace="pre-wrap" wordBreak="break-word" data-testid="message-preview">
            {subject && <Text fontWeight="semibold">{subject}</Text>}
            {media.length > 0 && (
              <Stack gap="1.5" my="1" aria-label={t('mms.attachments', { count: media.length })} data-testid="preview-media">
                {media.map((medium, index) =>
                  isPreviewImage(medium) ? (
                    <Image key={index} src={medium.url} alt={medium.name ?? ''} rounded="lg" maxH="40" objectFit="cover" data-testid="preview-image" />
                  ) : (
                    <HStack key={index} gap="1.5" color="fg.muted" fontSize="xs" minW="0">
                      <PaperclipIcon boxSize="3" flexShrink="0" />
                      <Text truncate>{medium.name ?? medium.url ?? ''}</Text>
                    </HStack>
                  ),
                )}
              </Stack>
            )}
            {text}
          </Box>
        )}
      </Stack>
    </Box>
  );
}
