/**
 * The account's billing info (billing §2 "Billing info dialog"): what receipts are billed to, with
 * Add or Edit. Used by Settings → Billing and by checkout's Billing step.
 */
import { useState } from 'react';
import { Button, Field, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { BILLING_LIMITS, editedBillingInfo, type BillingInfo } from '../../../../shared/domain/billing-details.js';
import { saveBillingInfo, useBillingInfo } from '../../api/billing.js';
import { SettingsCard } from '../settings-card.js';
import { showError } from '../error-dialog.js';
import { FormDialog } from '../form-dialog.js';
import { PencilIcon, PlusIcon, ReceiptIcon } from '../icons.js';
import { ListError, ListMessage, ListSkeleton } from '../list-states.js';

export function BillingInfoCard() {
  const { t } = useTranslation('billing-details');
  const { billingInfo, error, isLoading, refetch } = useBillingInfo();
  const [editing, setEditing] = useState(false);
  const loaded = billingInfo !== undefined;

  return (
    <SettingsCard
      title={t('info.title')}
      description={t('info.description')}
      testId="billing-info-card"
      action={
        loaded && (
          <Button size="sm" variant={billingInfo ? 'outline' : 'solid'} onClick={() => setEditing(true)} data-testid="billing-info-edit">
            {billingInfo ? <PencilIcon boxSize="4" /> : <PlusIcon boxSize="4" />}
            {billingInfo ? t('info.edit') : t('info.add')}
          </Button>
        )
      }
    >
      {isLoading && !loaded ? (
        <ListSkeleton rows={3} />
      ) : error && !loaded ? (
        <ListError title={t('info.loadFailed')} onRetry={() => void refetch()} testId="billing-info-error" />
      ) : billingInfo ? (
        <Stack gap="1" px={{ base: '4', md: '5' }} py="4" data-testid="billing-info">
          <Text fontWeight="semibold" data-testid="billing-info-name">
            {billingInfo.name}
          </Text>
          <Text data-testid="billing-info-company">{billingInfo.company}</Text>
          <Text color="fg.muted" whiteSpace="pre-line" data-testid="billing-info-address">
            {billingInfo.addressOne}
          </Text>
        </Stack>
      ) : (
        <ListMessage icon={ReceiptIcon} title={t('info.empty')} text={t('info.emptyText')} testId="billing-info-empty" />
      )}
      {editing && <BillingInfoDialog current={billingInfo ?? null} onClose={() => setEditing(false)} />}
    </SettingsCard>
  );
}

type FieldName = keyof BillingInfo;
const FIELDS: ReadonlyArray<{ name: FieldName; max: number }> = [
  { name: 'name', max: BILLING_LIMITS.name },
  { name: 'company', max: BILLING_LIMITS.company },
  { name: 'addressOne', max: BILLING_LIMITS.addressOne },
];

/** Add or edit name, company and address, each required; an edit that changes nothing just closes (billing §5). */
export function BillingInfoDialog({ current, onClose }: { current: BillingInfo | null; onClose(): void }) {
  const { t } = useTranslation(['billing-details', 'validation']);
  const [values, setValues] = useState<BillingInfo>(current ?? { name: '', company: '', addressOne: '' });
  const [touched, setTouched] = useState<Partial<Record<FieldName, boolean>>>({});
  const [busy, setBusy] = useState(false);
  const trimmed: BillingInfo = { name: values.name.trim(), company: values.company.trim(), addressOne: values.addressOne.trim() };
  const problemOf = (name: FieldName) => (trimmed[name].length === 0 ? t('validation:required', { field: t(`billing-details:info.field.${name}`) }) : null);
  const hasProblem = FIELDS.some((field) => problemOf(field.name));

  const submit = async () => {
    setTouched({ name: true, company: true, addressOne: true });
    if (hasProblem) return;
    if (current && !editedBillingInfo(current, trimmed)) {
      onClose();
      return;
    }
    setBusy(true);
    try {
      await saveBillingInfo(current, trimmed);
      onClose();
    } catch (failure) {
      showError(failure);
      setBusy(false);
    }
  };

  return (
    <FormDialog
      title={current ? t('billing-details:info.editTitle') : t('billing-details:info.addTitle')}
      submitLabel={t('billing-details:info.save')}
      submitTestId="billing-info-submit"
      busy={busy}
      onSubmit={() => void submit()}
      onClose={onClose}
      maxW="lg"
      testId="billing-info-dialog"
    >
      <Stack gap="4">
        {FIELDS.map(({ name, max }) => {
          const error = touched[name] ? problemOf(name) : null;
          const id = `billing-info-${name}`;
          const onChange = (value: string) => setValues((previous) => ({ ...previous, [name]: value }));
          const onBlur = () => setTouched((previous) => ({ ...previous, [name]: true }));
          return (
            <Field.Root key={name} invalid={Boolean(error)} required>
              <Field.Label htmlFor={id}>{t(`billing-details:info.field.${name}`)}</Field.Label>
              {name === 'addressOne' ? (
                <Textarea id={id} rows={3} maxLength={max} value={values[name]} onChange={(event) => onChange(event.target.value)} onBlur={onBlur} data-testid={`${id}-input`} />
              ) : (
                <Input id={id} autoFocus={name === 'name'} maxLength={max} value={values[name]} onChange={(event) => onChange(event.target.value)} onBlur={onBlur} data-testid={`${id}-input`} />
              )}
              {error && <Field.ErrorText data-testid={`${id}-error`}>{error}</Field.ErrorText>}
            </Field.Root>
          );
        })}
      </Stack>
    </FormDialog>
  );
}
