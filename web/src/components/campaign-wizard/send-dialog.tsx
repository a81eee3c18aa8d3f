/**
 * Review and send (spec §4 "Campaign"), for every family: the family's review of the campaign (its
 * children), then send now, schedule (a time in the user's zone, stored as an instant) or a
 * recurring schedule (in the service zone, Asia/Hong_Kong). When the API answers that the user's
 * sends need approval, the same choice is offered as a request for approval instead.
 */
import { useState, type ReactNode } from 'react';
import { Button, Checkbox, Field, Grid, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { SERVICE_TIME_ZONE } from '../../../../shared/constants.js';
import { imageHeavyContent, MIN_TEXT_WITH_IMAGES } from '../../../../shared/domain/campaign-readiness.js';
import { RECURRING_FREQUENCIES, type RecurringFrequency, scheduleProblem } from '../../../../shared/domain/campaign-schedule.js';
import { campaignFromOf, type MailboxName } from '../../../../shared/domain/sender-identities.js';
import { ERROR_CODES } from '../../../../shared/errors.js';
import type { TCampaignActionRequest, TCampaignCommand, TEmailCampaignCommand, TRecurringRule } from '../../../../shared/schemas/campaigns.js';
import { generateOnlineVersion } from '../../api/campaigns.js';
import { toApiError } from '../../api/errors.js';
import { useRecipientCount } from '../../api/groups.js';
import { useCampaignSenders } from '../../api/sender-identities.js';
import { useUserInfo } from '../../api/user.js';
import { showError } from '../error-dialog.js';
import { FormDialog } from '../form-dialog.js';
import { EyeIcon } from '../icons.js';
import { resolveTimeZone } from '../../format/date.js';
import { useFormatters } from '../../format/use-formatters.js';
import { ChoiceButtons } from '../choice-buttons.js';
import { campaignPaths } from '../../paths/campaigns.js';
import { useCampaignAction } from '../campaigns/use-campaign-action.js';
import { instantInZone, localInputInZone } from './schedule-time.js';
import { EMPTY_SELECTION } from './select-groups-step.js';
import type { CampaignDraft } from './use-campaign-draft.js';

type Mode = 'now' | 'schedule' | 'recurring';
const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;
/** A new schedule starts an hour from now, on the minute. */
const DEFAULT_LEAD_MS = 60 * 60_000;

type SendDialogProps = {
  draft: CampaignDraft<TCampaignCommand>;
  /** The step the dialog is opened from: the save before sending names it. */
  source: string;
  /** The upload-file import still runs, so the count may still grow (sending is not held back). */
  isImporting: boolean;
  onClose(): void;
  /** The family's review of what is about to be sent. */
  children: ReactNode;
};

export function SendDialog({ draft, source, isImporting, onClose, children }: SendDialogProps) {
  const { t } = useTranslation('campaigns');
  const navigate = useNavigate();
  const act = useCampaignAction();
  const { user } = useUserInfo();
  const timeZone = resolveTimeZone(user?.timezone);
  const [mode, setMode] = useState<Mode>('now');
  const [at, setAt] = useState(() => localInputInZone(new Date(Date.now() + DEFAULT_LEAD_MS), timeZone));
  const [frequency, setFrequency] = useState<RecurringFrequency>('weekly');
  const [time, setTime] = useState('09:00');
  const [weekdays, setWeekdays] = useState<number[]>([1]);
  const [dayOfMonth, setDayOfMonth] = useState(1);
  const [needsApproval, setNeedsApproval] = useState(false);
  const [busy, setBusy] = useState(false);

  const scheduleAt = mode === 'schedule' ? instantInZone(at, timeZone) : null;
  const problem = mode === 'schedule' ? (scheduleAt ? scheduleProblem(scheduleAt, new Date()) : 'invalid') : mode === 'recurring' && frequency === 'weekly' && weekdays.length === 0 ? 'noWeekdays' : null;
  const recurring = (): TRecurringRule => ({
    frequency,
    time,
    weekdays: frequency === 'weekly' ? weekdays : undefined,
    dayOfMonth: frequency === 'monthly' ? dayOfMonth : undefined,
    startsAt: new Date().toISOString(),
  });

  const request = (): TCampaignActionRequest => {
    if (needsApproval) return { action: 'requestApproval', scheduleTime: scheduleAt?.toISOString() ?? null };
    if (mode === 'schedule' && scheduleAt) return { action: 'schedule', scheduleTime: scheduleAt.toISOString() };
    if (mode === 'recurring') return { action: draft.campaign.recurring ? 'modifyRecurring' : 'activateRecurring', recurring: recurring() };
    return { action: 'sendNow' };
  };

  const submit = async () => {
    if (problem) return;
    setBusy(true);
    try {
      await draft.save(source, 'manual');
      const name = draft.command.name ?? draft.campaign.name;
      const changed = await act({ id: draft.id, name }, request(), { rethrow: true });
      const paths = campaignPaths(draft.family);
      navigate(changed?.status === 'started' ? paths.report(draft.id) : paths.list());
    } catch (failure) {
      // The API, not the client, knows whether this user's sends need approval.
      if (toApiError(failure).code === ERROR_CODES.APPROVAL_REQUIRED && !needsApproval) setNeedsApproval(true);
      else showError(failure, { entity: 'campaign' });
      setBusy(false);
    }
  };

  const submitLabel = needsApproval ? t('send.requestApproval') : t(`send.submit.${mode}`);
  return (
    <FormDialog title={t('send.title')} submitLabel={submitLabel} submitTestId="send-confirm" canSubmit={!problem} busy={busy} onSubmit={() => void submit()} onClose={onClose} size="lg" testId="send-dialog">
      <Stack gap="5">
        {children}
        {isImporting && (
          <Text p="3" rounded="md" bg="bg.warning" color="fg.warning" fontSize="sm" role="status" data-testid="send-still-importing">
            {t('send.stillImporting')}
          </Text>
        )}
        {needsApproval && (
          <Text color="fg.warning" fontSize="sm" data-testid="approval-needed">
            {t('send.approvalNeeded')}
          </Text>
        )}
        {!(needsApproval && mode === 'recurring') && (
          <ChoiceButtons<Mode>
            value={mode}
            choices={(['now', 'schedule', 'recurring'] as const).filter((choice) => !needsApproval || choice !== 'recurring').map((value) => ({ value, label: t(`send.mode.${value}`) }))}
            onChange={setMode}
            label={t('send.modeLabel')}
            testId="send-mode"
          />
        )}
        {mode === 'schedule' && (
          <Field.Root invalid={problem !== null}>
            <Field.Label>{t('send.at')}</Field.Label>
            <Input type="datetime-local" value={at} onChange={(event) => setAt(event.currentTarget.value)} data-testid="schedule-at" />
            {problem ? <Field.ErrorText>{t(`send.problem.${problem}`)}</Field.ErrorText> : <Field.HelperText>{t('send.zoneHint', { zone: timeZone, service: SERVICE_TIME_ZONE })}</Field.HelperText>}
          </Field.Root>
        )}
        {mode === 'recurring' && (
          <Stack gap="4">
            <HStack gap="4" align="end" wrap="wrap">
              <Field.Root w="40">
                <Field.Label>{t('recurring.frequencyLabel')}</Field.Label>
                <NativeSelect.Root size="sm">
                  <NativeSelect.Field value={frequency} onChange={(event) => setFrequency(RECURRING_FREQUENCIES.find((value) => value === event.currentTarget.value) ?? 'daily')} data-testid="recurring-frequency">
                    {RECURRING_FREQUENCIES.map((value) => (
                      <option key={value} value={value}>
                        {t(`recurring.frequency.${value}`)}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
              <Field.Root w="32">
                <Field.Label>{t('recurring.time')}</Field.Label>
                <Input size="sm" type="time" value={time} onChange={(event) => setTime(event.currentTarget.value || '09:00')} data-testid="recurring-time" />
              </Field.Root>
              {frequency === 'monthly' && (
                <Field.Root w="32">
                  <Field.Label>{t('recurring.dayOfMonth')}</Field.Label>
                  <Input size="sm" type="number" min={1} max={31} value={dayOfMonth} onChange={(event) => setDayOfMonth(Math.min(31, Math.max(1, Number(event.currentTarget.value) || 1)))} />
                </Field.Root>
              )}
            </HStack>
            {frequency === 'weekly' && (
              <HStack gap="3" wrap="wrap" role="group" aria-label={t('recurring.weekdays')}>
                {WEEKDAYS.map((day) => (
                  <Checkbox.Root
                    key={day}
                    size="sm"
                    checked={weekdays.includes(day)}
                    onCheckedChange={(details) => setWeekdays((current) => (details.checked === true ? [...current, day].sort() : current.filter((other) => other !== day)))}
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>{t(`recurring.weekday.${day}`)}</Checkbox.Label>
                  </Checkbox.Root>
                ))}
              </HStack>
            )}
            <Text fontSize="sm" color={problem ? 'fg.error' : 'fg.muted'}>
              {problem ? t(`send.problem.${problem}`) : t('recurring.zoneHint', { zone: SERVICE_TIME_ZONE })}
            </Text>
          </Stack>
        )}
      </Stack>
    </FormDialog>
  );
}

/** The email campaign's review: who it goes to, from whom, with what, and its online version. */
export function EmailReview({ draft }: { draft: CampaignDraft }) {
  return (
    <>
      <CampaignSummary draft={draft} />
      <ImageHeavyWarning html={draft.command.content?.html ?? ''} />
      <OnlineVersionButton draft={draft} />
    </>
  );
}

/** Mostly images and little text: spam filters hold such mail back and readers who block images see little (Mailchimp warns too). */
function ImageHeavyWarning({ html }: { html: string }) {
  const { t } = useTranslation('campaigns');
  const { number } = useFormatters();
  const heavy = imageHeavyContent(html);
  if (!heavy) return null;
  return (
    <Text p="3" rounded="md" bg="bg.warning" color="fg.warning" fontSize="sm" role="status" data-testid="send-image-heavy">
      {t('send.imageHeavy', { count: heavy.images, images: number(heavy.images), characters: number(heavy.textCharacters), min: number(MIN_TEXT_WITH_IMAGES) })}
    </Text>
  );
}

/** Opens the message as recipients' "view online" link shows it, saved first so it is what will be sent. */
function OnlineVersionButton({ draft }: { draft: CampaignDraft }) {
  const { t } = useTranslation('campaigns');
  const [busy, setBusy] = useState(false);
  const open = async () => {
    // Opened before the await, or the browser treats it as a pop-up.
    const preview = window.open('', '_blank');
    setBusy(true);
    try {
      await draft.save('information', 'manual');
      const url = await generateOnlineVersion(draft.id, draft.type === 'base_email' ? 'base_email' : 'Email');
      if (preview) preview.location.href = url;
    } catch (failure) {
      preview?.close();
      showError(failure, { entity: 'campaign' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="sm" variant="outline" alignSelf="start" loading={busy} disabled={!draft.command.content?.html} onClick={() => void open()} data-testid="online-version">
      <EyeIcon boxSize="4" />
      {t('send.onlineVersion')}
    </Button>
  );
}

const formatMailbox = ({ name, address }: MailboxName) => (name ? `${name} <${address}>` : address);

/**
 * The From the mail really goes out with, and where replies go when the platform sends on the
 * sender's behalf (a sender at a domain not verified in SES: campaignFromOf); as typed until the
 * senders are known.
 */
function useRealSender(command: TEmailCampaignCommand): { from: string | null; replyTo: string | null } {
  const { verifiedDomains, platformSender } = useCampaignSenders();
  const sender = { name: command.senderName ?? '', address: command.senderEmail ?? '' };
  if (!sender.address) return { from: null, replyTo: null };
  if (!verifiedDomains || !platformSender) return { from: formatMailbox(sender), replyTo: null };
  const real = campaignFromOf({ sender, replyTo: command.replyTo, verifiedDomains, platform: platformSender });
  return { from: formatMailbox(real.from), replyTo: real.onBehalf ? (real.replyTo ?? null) : null };
}

/** Who it goes to, from whom, with which subject: what the user checks before sending. */
function CampaignSummary({ draft }: { draft: CampaignDraft }) {
  const { t } = useTranslation('campaigns');
  const { number } = useFormatters();
  const { command } = draft;
  const sender = useRealSender(command);
  const selection = command.selection ?? EMPTY_SELECTION;
  const { count } = useRecipientCount('email', selection);
  const pasted = command.pastedEmails?.length ?? 0;
  const items = [
    { key: 'name', value: command.name ?? draft.campaign.name },
    { key: 'recipients', value: count === undefined ? '…' : t('send.recipientCount', { count: count + pasted, n: number(count + pasted) }) },
    { key: 'subject', value: command.subject || t('send.missing') },
    { key: 'sender', value: sender.from ?? t('send.missing') },
    ...(sender.replyTo ? [{ key: 'replyTo', value: sender.replyTo }] : []),
    { key: 'content', value: command.content?.html ? t(`send.content.${command.content.editor}`) : t('send.missing') },
  ];
  return (
    <Grid as="dl" templateColumns="max-content 1fr" columnGap="6" rowGap="2" fontSize="sm" data-testid="send-summary">
      {items.map((item) => [
        <Text as="dt" key={`${item.key}-label`} color="fg.muted">
          {t(`send.summary.${item.key}`)}
        </Text>,
        <Text as="dd" key={item.key} truncate data-testid={`summary-${item.key}`}>
          {item.value}
        </Text>,
      ])}
    </Grid>
  );
}
