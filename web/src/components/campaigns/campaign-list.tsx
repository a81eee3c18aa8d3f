/**
 * The campaigns, paged by the server: the tabs by status with their counts, a buffered name
 * search and a tag filter, all kept in the URL (`?tab=&search=&tag=&page=`), the table, and what
 * its rows ask for. Serves `/emails`, `/sms-and-mms` and `/advanced-search/emails`, for the family
 * the page provides (campaign-family.ts).
 */
import { useEffect, useState } from 'react';
import { Box, Button, Flex, NativeSelect } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { LIST_PAGE_SIZE } from '../../../../shared/constants.js';
import { CAMPAIGN_TAB_NAMES, type CampaignTab } from '../../../../shared/domain/campaign-tabs.js';
import { replicateCampaign, useCampaignList, type TCampaignSummary } from '../../api/campaigns.js';
import { showError } from '../error-dialog.js';
import { EmailIcon, SearchIcon, SmsIcon } from '../icons.js';
import { LinkTabs } from '../link-tabs.js';
import { ListError, ListMessage, ListSkeleton } from '../list-states.js';
import { NumberedPager } from '../pager.js';
import { SearchInput } from '../search-input.js';
import { notify } from '../toaster.js';
import { useBufferedSearchParam } from '../use-search-buffer.js';
import { useFormatters } from '../../format/use-formatters.js';
import { useAreaKey, useCampaignFamily } from './campaign-family.js';
import { useCampaignAction } from './use-campaign-action.js';
import type { CampaignPermissions } from './use-campaign-permissions.js';
import { DeleteCampaignDialog, RenameCampaignDialog, StopCampaignDialog, TagCampaignDialog } from './campaign-dialogs.js';
import { CampaignTable, type RowRequest } from './campaign-table.js';

const PAGE = 'page';
const TAG = 'tag';

function tabOf(value: string | null): CampaignTab {
  return CAMPAIGN_TAB_NAMES.find((tab) => tab === value) ?? 'all';
}

function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 1 ? page : 1;
}

type Dialog = { kind: 'rename' | 'tags' | 'delete' | 'stop'; campaign: TCampaignSummary } | null;

export function CampaignList({ permissions, onCreate }: { permissions: CampaignPermissions; onCreate?(): void }) {
  const { t } = useTranslation('campaigns');
  const { number } = useFormatters();
  const family = useCampaignFamily();
  const areaKey = useAreaKey();
  const [params, setParams] = useSearchParams();
  const search = useBufferedSearchParam('search', [PAGE]);
  const tab = tabOf(params.get('tab'));
  const tag = params.get(TAG) ?? '';
  const page = pageOf(params.get(PAGE));
  const { list, error, isLoading, isValidating, refetch } = useCampaignList(family, { tab, search: search.applied, tag, page });
  const [dialog, setDialog] = useState<Dialog>(null);
  const act = useCampaignAction();

  const setParam = (name: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        if (name !== PAGE) next.delete(PAGE);
        return next;
      },
      { replace: name !== PAGE },
    );

  const lastPage = list ? Math.max(1, Math.ceil(list.total / LIST_PAGE_SIZE)) : 1;
  // A page emptied by deletions (or an old link) gives way to the last page that has campaigns.
  const isPastEnd = list !== undefined && !isLoading && list.data.length === 0 && page > lastPage;
  useEffect(() => {
    if (isPastEnd) setParam(PAGE, lastPage > 1 ? String(lastPage) : null);
  }, [isPastEnd]);

  const onRequest = (request: RowRequest, campaign: TCampaignSummary) => {
    if (request === 'rename' || request === 'tags' || request === 'delete' || request === 'stop') return setDialog({ kind: request, campaign });
    if (request === 'replicate') {
      replicateCampaign(family, campaign.id).then(
        (replica) => notify({ type: 'success', title: t('toast.replicated', { name: replica.name }) }),
        (failure: unknown) => showError(failure, { entity: 'campaign' }),
      );
      return;
    }
    void act(campaign, { action: request });
  };

  const tabLink = (name: CampaignTab) => {
    const next = new URLSearchParams(params);
    next.delete(PAGE);
    if (name === 'all') next.delete('tab');
    else next.set('tab', name);
    const query = next.toString();
    return `?${query}`;
  };
  const tabs = CAMPAIGN_TAB_NAMES.map((name) => {
    const count = list?.tabCounts[name];
    return { key: name, to: tabLink(name), label: count === undefined ? t(`tab.${name}`) : `${t(`tab.${name}`)} (${number(count)})`, testId: `campaign-tab-${name}` };
  });
  const filtered = Boolean(search.applied || tag);

  let content;
  if (!list) {
    content = error ? <ListError title={t('list.loadFailed')} onRetry={() => void refetch()} testId="campaign-list-error" /> : <ListSkeleton rows={5} rowHeight="10" />;
  } else if (list.data.length === 0) {
    content = filtered ? (
      <ListMessage icon={SearchIcon} title={t('list.noMatch')} text={t('list.noMatchHint')} testId="campaign-list-empty" />
    ) : (
      <ListMessage icon={family === 'sms' ? SmsIcon : EmailIcon} title={tab === 'all' ? t(areaKey('list.empty.all')) : t('list.empty.tab')} text={t('list.emptyHint')} testId="campaign-list-empty">
        {onCreate && (
          <Button size="sm" onClick={onCreate}>
            {t('create.button')}
          </Button>
        )}
      </ListMessage>
    );
  } else {
    content = (
      <>
        <CampaignTable campaigns={list.data} permissions={permissions} onRequest={onRequest} />
        <NumberedPager page={page} shown={list.data.length} total={list.total} onPage={(next) => setParam(PAGE, next > 1 ? String(next) : null)} busy={isValidating} />
      </>
    );
  }

  const close = () => setDialog(null);
  return (
    <>
      <LinkTabs tabs={tabs} current={tab} label={t('tab.label')} />
      <Box bg="bg" borderWidth="1px" rounded="xl" overflow="hidden" shadow="xs" data-testid="campaign-list">
        <Flex gap="3" px={{ base: '4', md: '5' }} py="4" borderBottomWidth="1px" wrap="wrap" align="center">
          <Box flex="1" minW="56" maxW="md">
            <SearchInput size="sm" search={search} label={t('list.search')} maxLength={100} data-testid="campaign-search" />
          </Box>
          {(list?.tags.length ?? 0) > 0 && (
            <NativeSelect.Root size="sm" w="48">
              <NativeSelect.Field aria-label={t('list.tagFilter')} value={tag} onChange={(event) => setParam(TAG, event.currentTarget.value || null)} data-testid="campaign-tag-filter">
                <option value="">{t('list.allTags')}</option>
                {list?.tags.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          )}
        </Flex>
        {content}
      </Box>
      {dialog?.kind === 'rename' && <RenameCampaignDialog campaign={dialog.campaign} onClose={close} />}
      {dialog?.kind === 'tags' && <TagCampaignDialog campaign={dialog.campaign} onClose={close} />}
      {dialog?.kind === 'delete' && <DeleteCampaignDialog campaign={dialog.campaign} onClose={close} />}
      {dialog?.kind === 'stop' && <StopCampaignDialog campaign={dialog.campaign} onClose={close} />}
    </>
  );
}
