/** A secret the API answers only once (an API key, a webhook signing secret), shown to copy, with how to use it. */
import { useState } from 'react';
import { Alert, Button, Group, Input, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../../components/form-dialog.js';

export function ShownOnceDialog(props: { title: string; warning: string; label: string; usage: string; value: string; testIdPrefix: string; valueTestId: string; onClose(): void }) {
  const { title, warning, label, usage, value, testIdPrefix, valueTestId, onClose } = props;
  const { t } = useTranslation('developers');
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(value);
    setCopied(true);
  };
  return (
    <FormDialog title={title} submitLabel={t('created.done')} submitTestId={`${testIdPrefix}-done`} busy={false} onSubmit={onClose} onClose={onClose} maxW="xl" testId={`${testIdPrefix}-created-dialog`}>
      <Stack gap="4">
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>{warning}</Alert.Title>
        </Alert.Root>
        <Group attached w="full">
          <Input readOnly value={value} fontFamily="mono" fontSize="sm" onFocus={(event) => event.target.select()} aria-label={label} data-testid={valueTestId} />
          <Button variant="outline" onClick={() => void copy().catch(() => setCopied(false))} data-testid={`${testIdPrefix}-copy`}>
            {copied ? t('created.copied') : t('created.copy')}
          </Button>
        </Group>
        <Text fontSize="sm" color="fg.muted">
          {usage}
        </Text>
      </Stack>
    </FormDialog>
  );
}
