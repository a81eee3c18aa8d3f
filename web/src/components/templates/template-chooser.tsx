/**
 * The template chooser (spec §2.1 select-template): where a new email starts, a ready-made layout
 * or one of the account's own email templates; for a template or a campaign's message.
 */
import { useState } from 'react';
import { Box, chakra, Flex, Grid, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useTemplateList, type TemplateKind, type TTemplateSummary } from '../../api/templates.js';
import { showError } from '../error-dialog.js';
import { PlusIcon, TemplateIcon } from '../icons.js';
import { ListError, ListMessage, ListSkeleton } from '../list-states.js';
import { CursorPager, useCursorTrail } from '../pager.js';
import { SearchInput } from '../search-input.js';
import { useBufferedSearchParam } from '../use-search-buffer.js';
import { TemplateThumbnail } from './template-thumbnail.js';
import { STARTER_LAYOUTS, type StarterLayoutId } from './starter-layouts.js';

/** The width a layout is drawn at (its 600 px email and the margins around it), and the card width it is shown at. */
const LAYOUT_WIDTH_PX = 680;
const CARD_WIDTH_PX = 180;
const CARD_SCALE = CARD_WIDTH_PX / LAYOUT_WIDTH_PX;
/** A thumbnail's proportions (functions/lib/template-thumbnail.ts draws 600 × 780). */
const CARD_HEIGHT_PX = Math.round(CARD_WIDTH_PX * (780 / 600));

type ChooserProps = {
  /** A ready-made layout's HTML, or null for a blank design. */
  onLayout(html: string | null): void;
  /** One of the account's email templates; a failure is shown and the choice can be made again. */
  onTemplate(template: TTemplateSummary): Promise<void>;
};

/** The ready-made layouts and the account's own email templates: where a new email starts (a template or a campaign's message). */
export function TemplateChooser({ onLayout, onTemplate }: ChooserProps) {
  return (
    <Stack gap="10">
      <StarterLayouts onChoose={onLayout} />
      <OwnTemplates onChoose={onTemplate} />
    </Stack>
  );
}

function StarterLayouts({ onChoose }: { onChoose: ChooserProps['onLayout'] }) {
  const { t } = useTranslation('templates');
  const layouts = Object.keys(STARTER_LAYOUTS) as StarterLayoutId[];
  return (
    <Stack as="section" gap="4" aria-labelledby="starter-layouts">
      <Heading as="h2" size="md" id="starter-layouts">
        {t('select.layouts')}
      </Heading>
      <Flex gap="5" wrap="wrap">
        <LayoutCard label={t('select.layout.blank')} onChoose={() => onChoose(null)} testId="layout-blank">
          <Flex h="full" align="center" justify="center" color="fg.muted">
            <PlusIcon boxSize="8" />
          </Flex>
        </LayoutCard>
        {layouts.map((layout) => (
          <LayoutCard
            key={layout}
            label={t(`select.layout.${layout}`)}
            onChoose={() => onChoose(STARTER_LAYOUTS[layout])}
            testId={`layout-${layout}`}
          >
            {/* The layout itself, scaled down, in a frame that can run nothing. */}
            <chakra.iframe
              sandbox=""
              srcDoc={STARTER_LAYOUTS[layout]}
              title={t(`select.layout.${layout}`)}
              tabIndex={-1}
              aria-hidden
              w={`${LAYOUT_WIDTH_PX}px`}
              h={`${CARD_HEIGHT_PX / CARD_SCALE}px`}
              transform={`scale(${CARD_SCALE})`}
              transformOrigin="top left"
              pointerEvents="none"
              bg="white"
            />
          </LayoutCard>
        ))}
      </Flex>
    </Stack>
  );
}

function LayoutCard({ label, onChoose, testId, children }: { label: string; onChoose(): void; testId: string; children: React.ReactNode }) {
  return (
    <chakra.button type="button" onClick={onChoose} textAlign="start" w={`${CARD_WIDTH_PX}px`} role="group" cursor="pointer" data-testid={testId}>
      <Box
        h={`${CARD_HEIGHT_PX}px`}
        borderWidth="1px"
        rounded="md"
        overflow="hidden"
        bg="bg.muted"
        transition="box-shadow 0.15s, border-color 0.15s"
        _groupHover={{ shadow: 'md', borderColor: 'colorPalette.solid' }}
        _groupFocusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.solid' }}
      >
        {children}
      </Box>
      <Text mt="2" fontWeight="medium" fontSize="sm">
        {label}
      </Text>
    </chakra.button>
  );
}

/** The account's own templates of one kind (email by default; an SMS campaign starts from an SMS one), to start from a copy of. */
export function OwnTemplates({ kind = 'email', onChoose }: { kind?: TemplateKind; onChoose: ChooserProps['onTemplate'] }) {
  const { t } = useTranslation('templates');
  const search = useBufferedSearchParam('search');
  const trail = useCursorTrail(search.applied);
  const { list, error, isLoading, isValidating, refetch } = useTemplateList({ kind, search: search.applied, cursor: trail.cursor });
  const [copying, setCopying] = useState<string | null>(null);

  const startFrom = async (template: TTemplateSummary) => {
    setCopying(template.id);
    try {
      await onChoose(template);
    } catch (failure) {
      showError(failure, { entity: 'template' });
    } finally {
      setCopying(null);
    }
  };

  const rows = list?.data;
  let content;
  if (!rows) {
    content = error ? <ListError title={t('list.loadFailed')} onRetry={() => void refetch()} testId="select-template-error" /> : <ListSkeleton rows={2} rowHeight="10" />;
  } else if (rows.length === 0) {
    content = <ListMessage icon={TemplateIcon} title={search.applied ? t('list.noMatch', { search: search.applied }) : t('select.none')} testId="select-template-empty" />;
  } else {
    content = (
      <>
        <Grid templateColumns={`repeat(auto-fill, ${CARD_WIDTH_PX}px)`} gap="5" p="4">
          {rows.map((template) => (
            <chakra.button
              key={template.id}
              type="button"
              textAlign="start"
              role="group"
              cursor="pointer"
              disabled={copying !== null}
              onClick={() => void startFrom(template)}
              aria-label={t('select.use', { name: template.name })}
              data-testid="select-own-template"
              data-template-id={template.id}
            >
              <Box position="relative" rounded="md" transition="box-shadow 0.15s" _groupHover={{ shadow: 'md' }}>
                <TemplateThumbnail template={template} size="card" />
                {copying === template.id && (
                  <Flex position="absolute" inset="0" align="center" justify="center" bg="bg/70">
                    <Spinner />
                  </Flex>
                )}
              </Box>
              <Text mt="2" fontWeight="medium" fontSize="sm" truncate>
                {template.name}
              </Text>
            </chakra.button>
          ))}
        </Grid>
        <CursorPager trail={trail} shown={rows.length} nextCursor={list?.nextCursor} busy={isLoading || isValidating} />
      </>
    );
  }

  return (
    <Stack as="section" gap="4" aria-labelledby="own-templates">
      <Stack gap="1">
        <Heading as="h2" size="md" id="own-templates">
          {t('select.yours')}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {t('select.yoursHint')}
        </Text>
      </Stack>
      <Box bg="bg" borderWidth="1px" rounded="xl" overflow="hidden" shadow="xs">
        <Box px="4" py="3" borderBottomWidth="1px">
          <Box maxW="md">
            <SearchInput size="sm" search={search} label={t('list.search')} maxLength={100} data-testid="select-template-search" />
          </Box>
        </Box>
        {content}
      </Box>
    </Stack>
  );
}
