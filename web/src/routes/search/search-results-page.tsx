/**
 * `/search-results?search=` (spec §2.1, §2.5): the first hits of every area the user may read,
 * each with a way to see all of them. Editing the text searches again once typing has paused for
 * the search buffer (spec §9), not on every key.
 */
import type { ReactNode } from 'react';
import { Box, Flex, HStack, Link, SimpleGrid, Skeleton, Spinner, Stack, Text, type IconProps } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { isCampaignType } from '../../../../shared/domain/campaign-channels.js';
import type { SearchArea, TSearchHit } from '../../../../shared/schemas/search.js';
import { useGlobalSearch } from '../../api/search.js';
import { ContactsIcon, EmailIcon, GroupsIcon, SearchIcon, SmsIcon, TemplateIcon } from '../../components/icons.js';
import { ListError, ListMessage } from '../../components/list-states.js';
import { PageLayout } from '../../components/page-layout.js';
import { SearchInput } from '../../components/search-input.js';
import { useBufferedSearchParam } from '../../components/use-search-buffer.js';
import { useFormatters } from '../../format/use-formatters.js';
import { contactPaths } from '../../paths/contacts.js';
import { openPathOf } from '../../paths/campaigns.js';
import { groupPaths } from '../../paths/groups.js';
import { templatePaths } from '../../paths/templates.js';
import { searchPaths } from '../../paths/search.js';

type AreaLinks = {
  icon: (props: IconProps) => ReactNode;
  /** Where a hit opens. */
  hit(hit: TSearchHit): string;
  /** Every hit of the text, in the area's own search. */
  seeAll?(text: string): string;
  /** A group's second line is its member count. */
  countsMembers?: boolean;
  /** A template's second line is its kind (email, sms or mms). */
  namesKind?: boolean;
  /** A campaign's second line is its status. */
  namesStatus?: boolean;
};

/** A draft opens in its wizard, any other campaign in its report (the lists' rule). */
function openCampaignHit(hit: TSearchHit): string {
  const type = isCampaignType(hit.campaignType) ? hit.campaignType : 'Email';
  return openPathOf({ id: hit.id, status: hit.detail === 'draft' ? 'draft' : 'finished', type });
}

const AREAS: Record<SearchArea, AreaLinks> = {
  contacts: {
    icon: ContactsIcon,
    hit: (hit) => contactPaths.profile(hit.id),
    seeAll: (quickSearch) => searchPaths.contacts({ quickSearch }),
  },
  groups: {
    icon: GroupsIcon,
    hit: (hit) => groupPaths.details(hit.id),
    seeAll: searchPaths.groups,
    countsMembers: true,
  },
  campaigns: {
    icon: EmailIcon,
    hit: openCampaignHit,
    seeAll: searchPaths.emails,
    namesStatus: true,
  },
  smsCampaigns: {
    icon: SmsIcon,
    hit: openCampaignHit,
    seeAll: searchPaths.smsAndMms,
    namesStatus: true,
  },
  templates: {
    icon: TemplateIcon,
    // The drag-and-drop editor's address hands a code, SMS or MMS template on to its own editor.
    hit: (hit) => templatePaths.templateEditor(hit.id),
    seeAll: searchPaths.templates,
    namesKind: true,
  },
};

export default function SearchResultsPage() {
  const { t } = useTranslation('search');
  const search = useBufferedSearchParam('search');
  const { result, error, isLoading, refetch } = useGlobalSearch(search.applied);
  // The previous answer stays while the next text is searched; say that a new one is coming.
  const searching = isLoading || search.text.trim() !== search.applied;

  return (
    <PageLayout title={t('results.title')} testId="search-results" maxW="5xl">
      <HStack gap="3" mb="6" maxW="2xl">
        <Box flex="1">
          <SearchInput size="lg" search={search} label={t('results.searchLabel')} autoFocus={!search.applied} data-testid="search-results-input" />
        </Box>
        {searching && search.text.trim() !== '' && <Spinner size="sm" color="fg.muted" data-testid="search-results-pending" />}
      </HStack>
      {!search.applied ? (
        <ListMessage icon={SearchIcon} title={t('results.prompt')} testId="search-results-prompt" />
      ) : !result ? (
        error ? (
          <ListError title={t('results.failedGlobal')} onRetry={() => void refetch()} testId="search-results-error" />
        ) : (
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {[0, 1].map((card) => (
              <Skeleton key={card} h="48" rounded="xl" />
            ))}
          </SimpleGrid>
        )
      ) : result.areas.every((area) => area.hits.length === 0) ? (
        <ListMessage icon={SearchIcon} title={t('results.nothing', { text: search.applied })} text={t('results.nothingHint')} testId="search-results-nothing" />
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" alignItems="start" opacity={searching ? 0.6 : 1} transition="opacity 0.15s">
          {result.areas.map((area) => (
            <AreaCard key={area.area} area={area.area} hits={area.hits} text={search.applied} />
          ))}
        </SimpleGrid>
      )}
    </PageLayout>
  );
}

function AreaCard({ area, hits, text }: { area: SearchArea; hits: readonly TSearchHit[]; text: string }) {
  const { t } = useTranslation(['search', 'campaigns']);
  const { number } = useFormatters();
  const links = AREAS[area];
  const detailOf = (detail: string) => {
    if (links.countsMembers && /^\d+$/.test(detail)) return t('results.members', { count: Number(detail), n: number(Number(detail)) });
    if (links.namesStatus) return t(`campaigns:status.${detail}`, { defaultValue: detail });
    return links.namesKind ? t(`results.kind.${detail}`, { defaultValue: detail }) : detail;
  };
  return (
    <Box as="section" aria-labelledby={`search-area-${area}`} bg="bg" borderWidth="1px" rounded="xl" shadow="xs" overflow="hidden" data-testid={`search-area-${area}`}>
      <Flex justify="space-between" align="center" px="4" py="3" borderBottomWidth="1px">
        <HStack gap="2">
          <links.icon boxSize="4" color="brand.fg" />
          <Text as="h2" id={`search-area-${area}`} fontWeight="semibold">
            {t(`results.area.${area}`)}
          </Text>
        </HStack>
        {links.seeAll && hits.length > 0 && (
          <Link asChild fontSize="sm" color="brand.fg">
            <RouterLink to={links.seeAll(text)} data-testid={`search-see-all-${area}`}>
              {t('results.seeAll')}
            </RouterLink>
          </Link>
        )}
      </Flex>
      {hits.length === 0 ? (
        <Text px="4" py="5" fontSize="sm" color="fg.muted">
          {t('results.areaEmpty')}
        </Text>
      ) : (
        <Stack as="ul" gap="0" listStyleType="none" css={{ '& > li:not(:last-child)': { borderBottomWidth: '1px' } }}>
          {hits.map((hit) => (
            <Box as="li" key={hit.id} px="4" py="2.5" data-testid="search-hit">
              <Link asChild fontWeight="medium" color="fg">
                <RouterLink to={links.hit(hit)}>{hit.title}</RouterLink>
              </Link>
              {hit.detail && (
                <Text fontSize="sm" color="fg.muted">
                  {detailOf(hit.detail)}
                </Text>
              )}
            </Box>
          ))}
        </Stack>
      )}
    </Box>
  );
}
