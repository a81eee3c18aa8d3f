/** Per kind: its name, what it covers, and whether it also goes by email. */
import { Box, Heading, Switch, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { NotificationType } from '../../../../../../shared/domain/notifications.js';
import { KIND_GROUPS } from '../kind-groups.js';

type EmailTypeListProps = {
  selected: ReadonlySet<NotificationType>;
  disabled: boolean;
  onToggle(type: NotificationType, on: boolean): void;
};

export function EmailTypeList({ selected, disabled, onToggle }: EmailTypeListProps) {
  const { t } = useTranslation(['activity', 'shell']);
  return (
    <Box>
      {KIND_GROUPS.map((group) => (
        <Box key={group.id} as="section" borderBottomWidth="1px" _last={{ borderBottomWidth: '0' }}>
          <Heading as="h2" size="xs" color="fg.muted" textTransform="uppercase" letterSpacing="0.04em" px={{ base: '4', md: '5' }} pt="4" pb="1">
            {t(`settings.group.${group.id}`)}
          </Heading>
          {group.types.map((type) => (
            <Switch.Root
              key={type}
              display="flex"
              justifyContent="space-between"
              alignItems="center"
              gap="4"
              w="full"
              px={{ base: '4', md: '5' }}
              py="3"
              cursor={disabled ? 'default' : 'pointer'}
              _hover={{ bg: 'bg.muted' }}
              checked={selected.has(type)}
              disabled={disabled}
              onCheckedChange={(details) => onToggle(type, details.checked)}
              data-testid={`email-type-${type}`}
            >
              <Switch.HiddenInput />
              <Box flex="1" minW="0">
                <Switch.Label display="block" fontSize="sm" fontWeight="medium" lineHeight="1.4">
                  {t(`shell:notifications.type.${type}`)}
                </Switch.Label>
                <Text as="span" display="block" fontSize="sm" color="fg.muted" lineHeight="1.4" mt="0.5">
                  {t(`kindHint.${type}`)}
                </Text>
              </Box>
              <Switch.Control />
            </Switch.Root>
          ))}
        </Box>
      ))}
    </Box>
  );
}
