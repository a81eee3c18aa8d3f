/**
 * A campaign's name (spec §5): required, trimmed, at most CAMPAIGN_LIMITS.nameLength, unique in the
 * account. Uniqueness is asked of the server (check-title) when the field loses focus, and again
 * by the save, whose "name exists" answer lands under the field too.
 */
import { useState } from 'react';
import { Field, Input } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { CAMPAIGN_LIMITS } from '../../../../shared/domain/campaign-fields.js';
import { ERROR_CODES } from '../../../../shared/errors.js';
import { isCampaignTitleTaken } from '../../api/campaigns.js';
import { toApiError } from '../../api/errors.js';
import { useRecordName, type RecordNameState } from '../../forms/use-record-name.js';
import { useCampaignFamily } from './campaign-family.js';

export type CampaignNameState = RecordNameState & {
  /** Whether check-title found the trimmed name taken (by a campaign other than `id`). */
  isTaken: boolean;
  /** Asks check-title; answers whether the name is free. */
  checkUnique(id?: string): Promise<boolean>;
};

export function useCampaignName(initial = ''): CampaignNameState {
  const { t } = useTranslation('campaigns');
  const family = useCampaignFamily();
  const [isTaken, setTaken] = useState(false);
  const state = useRecordName({
    initial,
    maxLength: CAMPAIGN_LIMITS.nameLength,
    label: t('name.label'),
    entity: 'campaign',
    nameError: (failure) => (toApiError(failure).code === ERROR_CODES.RECORD_NAME_EXISTS ? t('name.taken') : null),
  });
  return {
    ...state,
    error: isTaken ? t('name.taken') : state.error,
    isTaken,
    setName(name) {
      setTaken(false);
      state.setName(name);
    },
    async checkUnique(id) {
      const name = state.name.trim();
      if (!name) return false;
      try {
        const taken = await isCampaignTitleTaken(family, name, id);
        setTaken(taken);
        return !taken;
      } catch (failure) {
        state.fail(failure);
        return false;
      }
    },
  };
}

type Props = {
  state: CampaignNameState;
  campaignId?: string;
  autoFocus?: boolean;
  readOnly?: boolean;
  /** Called with the trimmed name when check-title, on leaving the field, found it free. */
  onUnique?(name: string): void;
};

export function CampaignNameField({ state, campaignId, autoFocus, readOnly, onUnique }: Props) {
  const { t } = useTranslation('campaigns');
  return (
    <Field.Root invalid={state.error !== null} required readOnly={readOnly}>
      <Field.Label>
        {t('name.label')}
        <Field.RequiredIndicator />
      </Field.Label>
      <Input
        value={state.name}
        placeholder={t('name.placeholder')}
        onChange={(event) => state.setName(event.currentTarget.value)}
        onBlur={() => {
          if (readOnly) return;
          void state.checkUnique(campaignId).then((isUnique) => isUnique && onUnique?.(state.name.trim()));
        }}
        maxLength={CAMPAIGN_LIMITS.nameLength}
        autoFocus={autoFocus}
        data-testid="campaign-name-input"
      />
      {state.error && <Field.ErrorText data-testid="campaign-name-error">{state.error}</Field.ErrorText>}
    </Field.Root>
  );
}
