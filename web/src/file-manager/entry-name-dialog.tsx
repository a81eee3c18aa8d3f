import { useState } from 'react';
import { Field, Input } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { extensionOf, FILE_MANAGER_LIMITS, keepsFileType, nameProblem } from '../../../shared/domain/file-manager.js';
import type { TEntry } from '../api/file-manager.js';
import { showError } from '../components/error-dialog.js';
import { FormDialog } from '../components/form-dialog.js';

/** New folder (entry null) or rename; the name rules of shared/ are checked before the call. */
export function EntryNameDialog({ entry, onSubmit, onClose }: { entry: TEntry | null; onSubmit(name: string): Promise<void>; onClose(): void }) {
  const { t } = useTranslation('file-manager');
  const [name, setName] = useState(entry?.name ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const ruleProblem = nameProblem(name);
    if (ruleProblem) return setProblem(t(`nameProblem.${ruleProblem}`));
    if (entry?.kind === 'file' && !keepsFileType(entry.name, name.trim())) return setProblem(t('rename.keepType', { extension: extensionOf(entry.name) }));
    setBusy(true);
    try {
      await onSubmit(name.trim());
      onClose();
    } catch (error) {
      showError(error);
      setBusy(false);
    }
  };

  return (
    <FormDialog
      title={t(entry ? 'rename.title' : 'newFolder.title')}
      submitLabel={t(entry ? 'rename.submit' : 'newFolder.submit')}
      submitTestId="file-manager-name-submit"
      busy={busy}
      onSubmit={() => void submit()}
      onClose={onClose}
      testId="file-manager-name-dialog"
    >
      <Field.Root invalid={problem !== null}>
        <Field.Label>{t('name')}</Field.Label>
        <Input
          value={name}
          autoFocus
          maxLength={FILE_MANAGER_LIMITS.nameLength * 2}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setProblem(null);
          }}
          onFocus={(event) => {
            // Renaming a file selects the name without its extension, as desktop file managers do.
            const extension = entry?.kind === 'file' ? extensionOf(entry.name) : '';
            if (extension) event.currentTarget.setSelectionRange(0, entry!.name.length - extension.length - 1);
          }}
          data-testid="file-manager-name-input"
        />
        {problem && <Field.ErrorText>{problem}</Field.ErrorText>}
      </Field.Root>
    </FormDialog>
  );
}
