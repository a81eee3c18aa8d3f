/**
 * The campaign report of both campaign areas (spec §2.1 campaign-report and base-campaign-report,
 * §3 "Campaign report state", §4 "Reports"): the campaign's state
 * and what can be done to it now, then the overview (the family's: counters, rates, timeline, links
 * for email) or one of the paged lists. The status shows as unknown until the report loads; while
 * the campaign sends, the report refreshes itself.
 */
import { useState, type ReactNode } from 'react';
import { Box, Button, Flex, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { type EmailReportView } from '../../../../shared/domain/campaign-report.js';
import { isSending } from '../../../../shared/domain/campaign-states.js';
import { ERROR_CODES } from '../../../../shared/errors.js';
import type { TCampaignReportResponse } from '../../../../shared/schemas/campaigns.js';
import { useCampaignReport } from '../../api/campaigns.js';
import { toApiError } from '../../api/errors.js';
import { RefreshIcon } from '../icons.js';
import { LinkTabs } from '../link-tabs.js';
import { ListError, ListSkeleton } from '../list-states.js';
import { PageLayout } from '../page-layout.js';
import { useFormatters } from '../../format/use-formatters.js';
import { ErrorPage } from '../error-page.js';
import { CampaignStatusBadge } from '../campaigns/campaign-status.js';
import { useCampaignFamily, useCampaignPaths } from '../campaigns/campaign-family.js';
import { useCampaignPermissions } from '../campaigns/use-campaign-permissions.js';
import { GuardPauseAlert } from './guard-pause-alert.js';
import { ReportActions } from './report-actions.js';
import { ReportList } from './report-list.js';

/** While the campaign can change on its own (sending, paused, scheduled), the report refreshes this often. */
const LIVE_REFRESH_MS = 5_000;

function isLive(report: TCampaignReportResponse | undefined): boolean {
  const status = report?.state.status;
  return status === undefined || isSending(status) || status === 'paused' || status === 'scheduled';
}

function viewOf(views: readonly EmailReportView[], value: string | null): EmailReportView {
  return views.find((view) => view === value) ?? 'overview';
}

function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 1 ? page : 1;
}

type ReportPageProps = {
  /** The family's views, the overview first. */
  views: readonly EmailReportView[];
  overview(report: TCampaignReportResponse): ReactNode;
};

export function CampaignReportPage({ views, overview }: ReportPageProps) {
  const { t } = useTranslation('campaigns');
  const { dateTime } = useFormatters();
  const [params, setParams] = useSearchParams();
  const family = useCampaignFamily();
  const paths = useCampaignPaths();
  const isBase = useLocation().pathname.startsWith(`${paths.section}/base-campaign-report`);
  const permissions = useCampaignPermissions();
  const id = params.get('id');
  // The stat calls take the type as a hint; the campaign itself says whether it is an SMS or an MMS.
  const type = family === 'sms' ? (isBase ? 'base_sms' : 'SMS') : isBase ? 'base_email' : 'Email';
  // A base campaign's report is its overview (spec §2.1).
  const view = isBase ? 'overview' : viewOf(views, params.get('view'));
  const page = pageOf(params.get('page'));
  const linkParam = params.get('link');
  const link = view === 'click' && linkParam !== null && /^\d+$/.test(linkParam) ? Number(linkParam) : undefined;
  // A number, not a function of the data: swr asks such a function for the next interval only
  // while it polls, so one answer of 0 (no data yet, a paused send) would end polling for good; a
  // number restarts the timer when it changes, as when a campaign starts or resumes sending.
  const [refreshMs, setRefreshMs] = useState(LIVE_REFRESH_MS);
  const { report, error, refetch } = useCampaignReport(id && permissions.canRead ? { view, campaignId: id, type, page, link } : null, refreshMs);
  const wantedRefreshMs = isLive(report) ? LIVE_REFRESH_MS : 0;
  if (wantedRefreshMs !== refreshMs) setRefreshMs(wantedRefreshMs);

  if (!permissions.canRead) return <ErrorPage code={ERROR_CODES.NO_PERMISSION} />;
  if (!id) return <Navigate to={paths.list()} replace />;
  if (error && !report && toApiError(error).code === ERROR_CODES.RECORD_NOT_FOUND) return <ErrorPage code={ERROR_CODES.RECORD_NOT_FOUND} />;

  // The view shown may be the previous one while the next loads (keepPreviousData): its own data decides what renders.
  const shown = report && report.state.view === view ? report : undefined;
  const state = report?.state;
  const setPage = (next: number) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next > 1) updated.set('page', String(next));
      else updated.delete('page');
      return updated;
    });

  const tabs = views.map((name) => ({ key: name, to: paths.report(id, name), label: t(`report.view.${name}`), testId: `report-tab-${name}` }));
  return (
    <PageLayout
      title={state?.title ?? t('report.loading')}
      subtitle={
        <HStack as="span" gap="3" wrap="wrap">
          <CampaignStatusBadge status={state?.status ?? null} approval={state?.approval} />
          {state?.startTime && <Text as="span">{t('report.started', { time: dateTime(state.startTime) })}</Text>}
          {state?.scheduleTime && state.status === 'scheduled' && <Text as="span">{t('report.scheduled', { time: dateTime(state.scheduleTime) })}</Text>}
          {state?.draftReason && <Text as="span" color="fg.error">{t(`draftReason.${state.draftReason}`)}</Text>}
        </HStack>
      }
      actions={
        <>
          {state && <ReportActions campaignId={id} state={state} permissions={permissions} />}
          {/* Opens, clicks and unsubscribes keep arriving after a send ends, when the report no longer polls. */}
          <Button size="sm" variant="ghost" onClick={() => void refetch()} data-testid="report-refresh">
            <RefreshIcon boxSize="4" />
            {t('report.refresh')}
          </Button>
        </>
      }
      back={{ to: paths.list(), label: t(family === 'sms' ? 'sms.report.back' : 'report.back') }}
      maxW="7xl"
      testId="campaign-report"
    >
      {state?.guardPause && <GuardPauseAlert pause={state.guardPause} />}
      {state && isSending(state.status) && (
        <Stack gap="1.5" mb="6" data-testid="report-progress">
          <Flex justify="space-between" fontSize="sm" color="fg.muted">
            <Text>{t('report.sending')}</Text>
            <Text>{t('report.percentSent', { percent: state.pcSent })}</Text>
            {state.estimatedEndTime && <Text>{t('report.estimatedEnd', { time: dateTime(state.estimatedEndTime) })}</Text>}
          </Flex>
          <Progress.Root value={state.pcSent} size="sm">
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        </Stack>
      )}
      {!isBase && <LinkTabs tabs={tabs} current={view} label={t('report.viewsLabel')} />}
      {!shown ? (
        error ? (
          <ListError title={t('report.loadFailed')} onRetry={() => void refetch()} testId="report-error" />
        ) : (
          <Box bg="bg" borderWidth="1px" rounded="xl">
            <ListSkeleton rows={4} rowHeight="12" testId="report-loading" />
          </Box>
        )
      ) : view === 'overview' ? (
        overview(shown)
      ) : (
        <ReportList report={shown} view={view} campaignId={id} type={type} page={page} link={link} onPage={setPage} />
      )}
    </PageLayout>
  );
}
