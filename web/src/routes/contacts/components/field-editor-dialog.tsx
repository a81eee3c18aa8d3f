/** Creates a custom field (name, type, choices) or edits one: rename, and change a choice field's choices. */
import { useState } from 'react';
import { Badge, Field, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { CONTACT_LIMITS } from '../../../../../shared/constants.js';
import { FIELD_TYPES, type FieldType, type TFieldSchema } from '../../../../../shared/schemas/contacts.js';
import { createField, updateField } from '../../../api/contacts.js';
import { toApiError } from '../../../api/errors.js';
import { showError } from '../../../components/error-dialog.js';
import { FormDialog } from '../../../components/form-dialog.js';
import { notify } from '../../../components/toaster.js';
import {
  fieldFormErrorOf,
  fieldFormFromSchema,
  isChoiceType,
  toCreateFieldRequest,
  toUpdateFieldRequest,
  validateFieldForm,
  type FieldFormErrors,
} from '../field-form-model.js';
import { ChoicesEditor } from './choices-editor.js';

type Props = {
  /** The field to edit; null creates one. */
  field: TFieldSchema | null;
  /** Every field of the account, for the unique-name check. */
  schemas: readonly TFieldSchema[];
  onClose(): void;
};

export function FieldEditorDialog({ field, schemas, onClose }: Props) {
  const { t } = useTranslation(['contacts', 'errors', 'validation']);
  const [values, setValues] = useState(() => fieldFormFromSchema(field));
  const [errors, setErrors] = useState<FieldFormErrors>({});
  const [saving, setSaving] = useState(false);
  const others = schemas.filter((other) => other.id !== field?.id);

  const save = async () => {
    const found = validateFieldForm(values, others, t, t('fields.name'));
    setErrors(found);
    if (found.name || found.choices) return;
    setSaving(true);
    try {
      const saved = field ? await updateField(field.id, toUpdateFieldRequest(values, field)) : await createField(toCreateFieldRequest(values));
      notify({ type: 'success', title: t(field ? 'fields.saved' : 'fields.created', { name: saved.name }) });
      onClose();
    } catch (error) {
      const code = toApiError(error).code;
      const place = fieldFormErrorOf(code);
      if (place) setErrors({ [place]: t(`errors:${code}`) });
      else showError(error);
      setSaving(false);
    }
  };

  return (
    <FormDialog
      title={t(field ? 'fields.editTitle' : 'fields.newTitle')}
      submitLabel={t(field ? 'action.save' : 'fields.create')}
      submitTestId="field-save"
      busy={saving}
      onSubmit={() => void save()}
      onClose={onClose}
      maxW="md"
      testId="field-editor"
    >
      <Stack gap="5">
        <Field.Root invalid={Boolean(errors.name)}>
          <Field.Label>{t('fields.name')}</Field.Label>
          <Input
            autoFocus
            value={values.name}
            maxLength={CONTACT_LIMITS.fieldNameLength}
            onChange={(event) => {
              setValues({ ...values, name: event.target.value });
              setErrors({ ...errors, name: undefined });
            }}
            data-testid="field-name"
          />
          {errors.name && <Field.ErrorText data-testid="field-name-error">{errors.name}</Field.ErrorText>}
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('fields.type')}</Field.Label>
          {field ? (
            <Stack gap="1">
              <Badge alignSelf="start" variant="outline">
                {t(`fieldType.${field.type}`)}
              </Badge>
              <Text fontSize="xs" color="fg.muted">
                {t('fields.typeFixed')}
              </Text>
            </Stack>
          ) : (
            <NativeSelect.Root>
              <NativeSelect.Field
                value={values.type}
                onChange={(event) => {
                  const type = FIELD_TYPES.find((item) => item === event.currentTarget.value);
                  if (type) setValues({ ...values, type });
                  setErrors({ ...errors, choices: undefined });
                }}
                data-testid="field-type"
              >
                {FIELD_TYPES.map((type: FieldType) => (
                  <option key={type} value={type}>
                    {t(`fieldType.${type}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          )}
        </Field.Root>
        {isChoiceType(values.type) && (
          <Field.Root invalid={Boolean(errors.choices)}>
            <Field.Label>{t('fields.choices')}</Field.Label>
            <ChoicesEditor
              choices={values.choices}
              invalid={Boolean(errors.choices)}
              onChange={(choices) => {
                setValues({ ...values, choices });
                setErrors({ ...errors, choices: undefined });
              }}
            />
            {errors.choices ? (
              <Field.ErrorText data-testid="field-choices-error">{errors.choices}</Field.ErrorText>
            ) : (
              field && <Field.HelperText>{t('fields.choicesHint')}</Field.HelperText>
            )}
          </Field.Root>
        )}
      </Stack>
    </FormDialog>
  );
}
