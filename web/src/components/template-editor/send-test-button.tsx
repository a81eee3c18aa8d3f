/** "Send test": the saved template to the signed-in user's own address, filled in with the previewed contact if any. */
import { useState } from 'react';
import { Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { sendTemplateTest } from '../../api/templates.js';
import { showError } from '../error-dialog.js';
import { notify } from '../toaster.js';

type Props = {
  /** null until the template is first saved. */
  templateId: string | null;
  /** The contact chosen in "Preview with a contact". */
  contactId?: string | null;
  /** The test sends what is saved, so unsaved changes disable it. */
  hasUnsavedChanges: boolean;
  testId: string;
};

export function SendTestButton({ templateId, contactId, hasUnsavedChanges, testId }: Props) {
  const { t } = useTranslation('templates');
  const [isSending, setSending] = useState(false);
  const canSend = templateId !== null && !hasUnsavedChanges;

  const send = async () => {
    if (templateId === null) return;
    setSending(true);
    try {
      const to = await sendTemplateTest(templateId, contactId ?? undefined);
      notify({ type: 'success', title: t('sendTest.sent', { address: to }) });
    } catch (error) {
      showError(error);
    } finally {
      setSending(false);
    }
  };

  return (
    <Button
      size="sm"
      variant="outline"
      disabled={!canSend}
      title={canSend ? undefined : t('sendTest.saveFirst')}
      loading={isSending}
      onClick={() => void send()}
      data-testid={testId}
    >
      {t('sendTest.button')}
    </Button>
  );
}
