/** Filter by kind and by a from/to day range; the days are the user's (see day-range.ts). */
import { Button, Field, Flex, Input, NativeSelect, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_TYPES } from '../../../../../shared/domain/notifications.js';
import type { HistoryFilterState } from '../use-history-filter.js';

export function HistoryFilters({ filter }: { filter: HistoryFilterState }) {
  const { t } = useTranslation(['activity', 'shell']);
  const invalidRange = filter.query === null;
  return (
    <Flex direction="column" gap="2" px={{ base: '4', md: '5' }} py="4" borderBottomWidth="1px">
      <Flex gap="3" wrap="wrap" align="flex-end">
        <Field.Root w={{ base: 'full', sm: '64' }}>
          <Field.Label>{t('history.filter.type')}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field value={filter.type} onChange={(event) => filter.set({ type: event.currentTarget.value })} data-testid="history-type">
              <option value="">{t('history.filter.allTypes')}</option>
              {NOTIFICATION_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`shell:notifications.type.${type}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root w={{ base: 'calc(50% - 6px)', sm: '40' }} invalid={invalidRange}>
          <Field.Label>{t('history.filter.from')}</Field.Label>
          <Input size="sm" type="date" value={filter.fromDay} max={filter.toDay || undefined} onChange={(event) => filter.set({ from: event.currentTarget.value })} data-testid="history-from" />
        </Field.Root>
        <Field.Root w={{ base: 'calc(50% - 6px)', sm: '40' }} invalid={invalidRange}>
          <Field.Label>{t('history.filter.to')}</Field.Label>
          <Input size="sm" type="date" value={filter.toDay} min={filter.fromDay || undefined} onChange={(event) => filter.set({ to: event.currentTarget.value })} data-testid="history-to" />
        </Field.Root>
        {filter.isFiltered && (
          <Button size="sm" variant="ghost" onClick={filter.clear} data-testid="history-clear">
            {t('history.filter.clear')}
          </Button>
        )}
      </Flex>
      {invalidRange && (
        <Text fontSize="sm" color="fg.error" role="alert">
          {t('history.filter.invalidRange')}
        </Text>
      )}
    </Flex>
  );
}
