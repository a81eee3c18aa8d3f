/** A custom field's input by its type: text, number, date, one choice or several (spec §5 messages). */
import { Checkbox, Field, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { CONTACT_LIMITS } from '../../../../../shared/constants.js';
import type { TFieldSchema } from '../../../../../shared/schemas/contacts.js';
import type { FieldDraft } from '../contact-form-model.js';

type Props = { field: TFieldSchema; value: FieldDraft | undefined; error?: string; onChange(value: FieldDraft): void; onBlur(): void };

export function FieldValueInput({ field, value, error, onChange, onBlur }: Props) {
  const { t } = useTranslation(['contacts', 'errors']);
  const id = `contact-field-${field.id}`;
  const text = typeof value === 'string' ? value : '';
  const noChoices = (field.type === 'singleChoice' || field.type === 'multipleChoice') && field.choices.length === 0;

  const input = () => {
    switch (field.type) {
      case 'text':
        return <Input id={id} value={text} maxLength={CONTACT_LIMITS.textValueLength} onChange={(event) => onChange(event.target.value)} onBlur={onBlur} />;
      case 'number':
        // Text, not type=number: a browser would silently drop what is not a number instead of saying so.
        return <Input id={id} inputMode="decimal" value={text} onChange={(event) => onChange(event.target.value)} onBlur={onBlur} />;
      case 'date':
        return <Input id={id} type="date" value={text} onChange={(event) => onChange(event.target.value)} onBlur={onBlur} maxW="52" />;
      case 'singleChoice':
        return (
          <NativeSelect.Root disabled={noChoices}>
            <NativeSelect.Field id={id} value={text} onChange={(event) => onChange(event.currentTarget.value)}>
              <option value="">{t('form.noChoice')}</option>
              {field.choices.map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {choice.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        );
      case 'multipleChoice': {
        const chosen = new Set(Array.isArray(value) ? value : []);
        return (
          <Stack gap="2" direction="row" wrap="wrap" columnGap="5" role="group" aria-labelledby={`${id}-label`}>
            {field.choices.map((choice) => (
              <Checkbox.Root
                key={choice.id}
                size="sm"
                checked={chosen.has(choice.id)}
                onCheckedChange={(details) => {
                  // The field's own order, whatever the order of the clicks.
                  const next = field.choices.filter((item) => (item.id === choice.id ? details.checked === true : chosen.has(item.id)));
                  onChange(next.map((item) => item.id));
                }}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label fontWeight="normal">{choice.label}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Stack>
        );
      }
    }
  };

  return (
    <Field.Root invalid={Boolean(error)} data-testid="contact-field" data-field={field.id}>
      <Field.Label id={`${id}-label`} htmlFor={field.type === 'multipleChoice' ? undefined : id}>
        {field.name}
      </Field.Label>
      {noChoices ? (
        <Text fontSize="sm" color="fg.muted" data-testid="no-choices">
          {t('errors:VALIDATE_NO_CHOICES')}
        </Text>
      ) : (
        input()
      )}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
