/**
 * "Insert tag" of every template editor: the personalisation tags a template can hold
 * (shared/domain/personalization.ts), the account's custom fields listed by name and written by
 * id, so a later rename keeps working. The drag-and-drop editor inserts HTML, so its link tags go
 * in as links whose text the author can change.
 */
import { Button, Menu, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { escapeHtml, formatTemplateTag, type TemplateTagName } from '../../../../shared/domain/personalization.js';
import type { TFieldSchema } from '../../api/contacts.js';
import { BracketsIcon } from '../icons.js';

type Props = {
  fields: readonly TFieldSchema[];
  /** Email templates also offer the online-version link. */
  channel: 'email' | 'message';
  disabled?: boolean;
  /** Link tags as `<a href="{{ tag }}">text</a>`, for an editor of HTML blocks rather than source. */
  linksAsHtml?: boolean;
  /** Where the tag goes, when the editor has something to say about it. */
  hint?: string;
  onInsert(tag: string): void;
};

const LINK_TEXT_KEYS: Partial<Record<TemplateTagName, string>> = { unsubscribe_url: 'tags.unsubscribeText', online_version_url: 'tags.onlineVersionText' };

export function InsertTagMenu({ fields, channel, disabled, linksAsHtml = false, hint, onInsert }: Props) {
  const { t } = useTranslation('templates');
  const textOf = (name: TemplateTagName) => {
    const linkText = LINK_TEXT_KEYS[name];
    return linksAsHtml && linkText ? `<a href="${formatTemplateTag(name)}">${escapeHtml(t(linkText))}</a>` : formatTemplateTag(name);
  };
  const item = (name: TemplateTagName, label: string) => (
    <Menu.Item key={name} value={name} onClick={() => onInsert(textOf(name))} data-testid={`insert-tag-${name}`}>
      {label}
    </Menu.Item>
  );
  return (
    <Menu.Root positioning={{ placement: 'bottom-start' }}>
      <Menu.Trigger asChild>
        <Button size="sm" variant="outline" disabled={disabled} title={hint} data-testid="insert-tag">
          <BracketsIcon boxSize="4" />
          {t('tags.insert')}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          {/* A click here must not end the editor's text editing (grapesjs ends it on any mousedown), so the tag goes to its caret. */}
          <Menu.Content minW="56" maxH="80" overflowY="auto" onMouseDown={(event) => event.stopPropagation()}>
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
