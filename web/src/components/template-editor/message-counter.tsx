/**
 * How long an SMS is as it will be billed (shared/domain/sms-segments.ts): characters, segments
 * and what is left in the last one, and which characters forced Unicode (fewer per segment).
 */
import { Badge, Box, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { SMS_SEGMENT_LIMITS, type SmsSegmentCount } from '../../../../shared/domain/sms-segments.js';
import { useFormatters } from '../../format/use-formatters.js';

/** A character as the note shows it: invisible ones by name. */
function visible(character: string): string {
  if (character === '\t') return '⇥';
  if (/\s/.test(character)) return `U+${character.codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0')}`;
  return character;
}

export function SmsCounter({ count }: { count: SmsSegmentCount }) {
  const { t } = useTranslation('templates');
  const { number } = useFormatters();
  return (
    <Stack gap="1.5">
      <Text fontSize="sm" color="fg.muted" data-testid="sms-counter" data-segments={count.segments} data-characters={count.characters}>
        {t('counter.sms', {
          characters: t('counter.characters', { count: count.characters, n: number(count.characters) }),
          segments: t('counter.segments', { count: count.segments, n: number(count.segments) }),
          left: t('counter.left', { n: number(count.remainingInSegment) }),
        })}
      </Text>
      {count.encoding === 'UCS-2' && (
        <Box fontSize="sm" color="fg.warning" data-testid="unicode-note">
          <Text>{t('counter.unicode', { single: SMS_SEGMENT_LIMITS['UCS-2'].single, gsm: SMS_SEGMENT_LIMITS['GSM-7'].single })}</Text>
          <HStack gap="1" wrap="wrap" mt="1">
            {count.nonGsmCharacters.map((character) => (
              <Badge key={character} size="sm" variant="surface" colorPalette="orange" fontFamily="mono">
                {visible(character)}
              </Badge>
            ))}
          </HStack>
        </Box>
      )}
    </Stack>
  );
}
