/**
 * "Insert tag": the personalisation tags a template can hold (shared/domain/personalization.ts),
 * the account's custom fields listed by name and written by id, so a later rename keeps working.
 */
import { Button, Menu, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { formatTemplateTag, type TemplateTagName } from '../../../../../shared/domain/personalization.js';
import type { TFieldSchema } from '../../../api/contacts.js';
import { BracketsIcon } from '../../../components/icons.js';

type Props = {
  fields: readonly TFieldSchema[];
  /** Email templates also offer the online-version link. */
  channel: 'email' | 'message';
  disabled?: boolean;
  onInsert(tag: string): void;
};

export function InsertTagMenu({ fields, channel, disabled, onInsert }: Props) {
  const { t } = useTranslation('templates');
  const item = (name: TemplateTagName, label: string) => (
    <Menu.Item key={name} value={name} onClick={() => onInsert(formatTemplateTag(name))} data-testid={`insert-tag-${name}`}>
      {label}
    </Menu.Item>
  );
  return (
    <Menu.Root positioning={{ placement: 'bottom-start' }}>
      <Menu.Trigger asChild>
        <Button size="sm" variant="outline" disabled={disabled} data-testid="insert-tag">
          <BracketsIcon boxSize="4" />
          {t('tags.insert')}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="56" maxH="80" overflowY="auto">
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel>{t('tags.contact')}</Menu.ItemGroupLabel>
              {item('email', t('tags.email'))}
              {item('mobile', t('tags.mobile'))}
              {fields.map((field) => item(`field:${field.id}`, field.name))}
            </Menu.ItemGroup>
            <Menu.Separator />
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel>{t('tags.links')}</Menu.ItemGroupLabel>
              {item('unsubscribe_url', t('tags.unsubscribe'))}
              {channel === 'email' && item('online_version_url', t('tags.onlineVersion'))}
            </Menu.ItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
