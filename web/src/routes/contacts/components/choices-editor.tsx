/** The choices of a choice field: one input per choice, reorder-free, Enter on the last adds another. */
import { useRef } from 'react';
import { Button, HStack, IconButton, Input, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { CONTACT_LIMITS } from '../../../../../shared/constants.js';
import { CloseIcon, PlusIcon } from '../../../components/icons.js';
import { newChoiceDraft, type ChoiceDraft } from '../field-form-model.js';

type Props = { choices: ChoiceDraft[]; onChange(choices: ChoiceDraft[]): void; invalid: boolean };

export function ChoicesEditor({ choices, onChange, invalid }: Props) {
  const { t } = useTranslation('contacts');
  const list = useRef<HTMLDivElement>(null);
  const canAdd = choices.length < CONTACT_LIMITS.choicesPerField;

  const add = () => {
    if (!canAdd) return;
    onChange([...choices, newChoiceDraft()]);
    // The new row exists after this render; focus it so typing can go on.
    requestAnimationFrame(() => [...(list.current?.querySelectorAll<HTMLInputElement>('input[data-testid="choice-input"]') ?? [])].at(-1)?.focus());
  };

  return (
    <Stack gap="2" ref={list} data-testid="choices-editor">
      {choices.map((choice, index) => (
        <HStack key={choice.key} gap="2">
          <Input
            size="sm"
            value={choice.label}
            maxLength={CONTACT_LIMITS.choiceLabelLength}
            placeholder={t('fields.choicePlaceholder', { n: index + 1 })}
            aria-label={t('fields.choiceLabel', { n: index + 1 })}
            aria-invalid={invalid || undefined}
            onChange={(event) => onChange(choices.map((item) => (item.key === choice.key ? { ...item, label: event.target.value } : item)))}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                if (index === choices.length - 1) add();
              }
            }}
            data-testid="choice-input"
          />
          <IconButton
            size="sm"
            variant="ghost"
            colorPalette="gray"
            aria-label={t('fields.removeChoice', { n: index + 1 })}
            onClick={() => onChange(choices.filter((item) => item.key !== choice.key))}
          >
            <CloseIcon boxSize="4" />
          </IconButton>
        </HStack>
      ))}
      <Button size="sm" variant="ghost" alignSelf="start" onClick={add} disabled={!canAdd} data-testid="add-choice">
        <PlusIcon boxSize="4" />
        {t('fields.addChoice')}
      </Button>
    </Stack>
  );
}
