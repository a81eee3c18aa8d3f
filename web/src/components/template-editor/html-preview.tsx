/**
 * A template's HTML as a mail client would show it, in a frame with every sandbox restriction
 * (`sandbox=""`): no scripts, no forms, no navigation of the app, its own origin. Desktop or
 * phone width.
 */
import { Box, chakra } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export type PreviewWidth = 'desktop' | 'mobile';

/** A phone's CSS width, as mail clients on phones lay out. */
const MOBILE_WIDTH_PX = 375;

export function HtmlPreview({ html, width }: { html: string; width: PreviewWidth }) {
  const { t } = useTranslation('templates');
  return (
    <Box h="full" overflow="auto" p={width === 'mobile' ? '6' : '0'} bg={width === 'mobile' ? 'bg.muted' : 'white'}>
      <chakra.iframe
        sandbox=""
        srcDoc={html}
        title={t('code.preview')}
        display="block"
        w={width === 'mobile' ? `${MOBILE_WIDTH_PX}px` : 'full'}
        h="full"
        minH="md"
        mx="auto"
        bg="white"
        borderWidth={width === 'mobile' ? '1px' : '0'}
        rounded={width === 'mobile' ? 'xl' : undefined}
        shadow={width === 'mobile' ? 'md' : undefined}
        data-testid="html-preview"
        data-width={width}
      />
    </Box>
  );
}
