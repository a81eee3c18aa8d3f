/** Announcement HTML, sanitised in the browser and typeset for reading. */
import { useMemo } from 'react';
import { Box, type BoxProps } from '@chakra-ui/react';
import { sanitizeAnnouncementHtml } from './sanitize-announcement-html.js';

const proseStyles: BoxProps['css'] = {
  '& > * + *': { marginTop: '0.75em' },
  '& h1, & h2, & h3, & h4, & h5, & h6': { fontWeight: 'semibold', lineHeight: '1.3' },
  '& h1': { fontSize: 'xl' },
  '& h2': { fontSize: 'lg' },
  '& h3, & h4, & h5, & h6': { fontSize: 'md' },
  '& ul, & ol': { paddingInlineStart: '1.5em' },
  '& ul': { listStyleType: 'disc' },
  '& ol': { listStyleType: 'decimal' },
  '& li + li': { marginTop: '0.25em' },
  '& a': { color: 'brand.fg', textDecoration: 'underline' },
  '& blockquote': { borderInlineStartWidth: '3px', borderColor: 'border.emphasized', paddingInlineStart: '1em', color: 'fg.muted' },
  '& code': { fontFamily: 'mono', fontSize: '0.9em', bg: 'bg.muted', paddingInline: '0.25em', borderRadius: 'sm' },
  '& pre': { bg: 'bg.muted', padding: '0.75em', borderRadius: 'md', overflowX: 'auto' },
  '& img': { maxWidth: '100%', height: 'auto', borderRadius: 'md' },
  '& hr': { borderColor: 'border' },
  '& table': { borderCollapse: 'collapse', width: '100%' },
  '& th, & td': { borderWidth: '1px', padding: '0.4em 0.6em', textAlign: 'start' },
};

export function AnnouncementContent({ html, ...props }: { html: string } & BoxProps) {
  const safe = useMemo(() => sanitizeAnnouncementHtml(html), [html]);
  return <Box lineHeight="1.6" css={proseStyles} dangerouslySetInnerHTML={{ __html: safe }} {...props} />;
}
