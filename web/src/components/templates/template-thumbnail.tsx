/**
 * A template's thumbnail in the list: the top of the email (or the message bubble) drawn by the
 * server as an SVG, with a larger view on hover. Until it loads, or if it cannot be drawn, the
 * kind's icon stands in.
 */
import { Box, HoverCard, Image, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useTemplateThumbnail, type TTemplateSummary } from '../../api/templates.js';
import { FileTextIcon } from '../icons.js';

/** The drawing's proportions (functions/lib/template-thumbnail.ts draws 600 × 780). */
const ASPECT_RATIO = 600 / 780;

const FRAME = { borderWidth: '1px', rounded: 'sm', bg: 'bg.muted', overflow: 'hidden', flexShrink: 0, aspectRatio: ASPECT_RATIO } as const;

type Props = {
  template: Pick<TTemplateSummary, 'id' | 'name' | 'version' | 'updateTime'>;
  /** Another account's template shared with this one: that account's id. */
  ownerTuid?: string;
  /** `small` for a table row (larger on hover), `card` to fill a card's width. */
  size?: 'small' | 'card';
};

export function TemplateThumbnail({ template, ownerTuid, size = 'small' }: Props) {
  const { t } = useTranslation('templates');
  const url = useTemplateThumbnail(template, ownerTuid);
  const width = size === 'small' ? '10' : 'full';
  if (!url) {
    return (
      <Box {...FRAME} w={width} display="grid" placeItems="center" data-testid="template-thumbnail-placeholder">
        <FileTextIcon boxSize={size === 'small' ? '4' : '8'} color="fg.muted" />
      </Box>
    );
  }
  const alt = t('list.thumbnail', { name: template.name });
  if (size === 'card') {
    return (
      <Box {...FRAME} w={width}>
        <Image src={url} alt={alt} w="full" h="full" objectFit="cover" objectPosition="top" data-testid="template-thumbnail" />
      </Box>
    );
  }
  return (
    <HoverCard.Root openDelay={300} closeDelay={100} positioning={{ placement: 'right' }} lazyMount unmountOnExit>
      <HoverCard.Trigger asChild>
        <Box {...FRAME} w={width}>
          <Image src={url} alt={alt} w="full" h="full" objectFit="cover" data-testid="template-thumbnail" />
        </Box>
      </HoverCard.Trigger>
      <Portal>
        <HoverCard.Positioner>
          <HoverCard.Content p="2">
            <Box {...FRAME} w="64">
              <Image src={url} alt={alt} w="full" h="full" data-testid="template-thumbnail-large" />
            </Box>
          </HoverCard.Content>
        </HoverCard.Positioner>
      </Portal>
    </HoverCard.Root>
  );
}
