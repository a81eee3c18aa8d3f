/**
 * "Insert tag" of the drag-and-drop editor: the contact's email and mobile, the account's custom
 * fields, and the unsubscribe and online-version links, written as shared/domain/personalization.ts
 * tags. The menu hands over the HTML to insert; where it goes is the editor's business.
 */
import { Button, Menu, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { escapeHtml, formatTemplateTag, type TemplateTagName } from '../../../../../shared/domain/personalization.js';
import { useFieldSchemas } from '../../../api/contacts.js';
import { BracketsIcon } from '../../../components/icons.js';

type Props = {
  /** Receives the HTML of the chosen tag. */
  onInsert(html: string): void;
  disabled?: boolean;
};

type TagItem = { value: string; label: string; html: string; testId: string };

export function InsertTagMenu({ onInsert, disabled }: Props) {
  const { t } = useTranslation('template-editor');
  const { schemas = [] } = useFieldSchemas();

  const tag = (name: TemplateTagName, label: string, testId: string): TagItem => ({ value: name, label, html: formatTemplateTag(name), testId });
  // A link tag goes in as a link: the address is the recipient's own, the text is the author's to change.
  const link = (name: TemplateTagName, label: string, text: string, testId: string): TagItem => ({
    value: name,
    label,
    html: `<a href="${formatTemplateTag(name)}">${escapeHtml(text)}</a>`,
    testId,
  });
  const groups = [
    { label: t('tags.contact'), items: [tag('email', t('tags.email'), 'insert-tag-email'), tag('mobile', t('tags.mobile'), 'insert-tag-mobile')] },
    { label: t('tags.customFields'), items: schemas.map((field) => tag(`field:${field.id}`, field.name, `insert-tag-field-${field.id}`)) },
    {
      label: t('tags.links'),
      items: [
        link('unsubscribe_url', t('tags.unsubscribe'), t('tags.unsubscribeText'), 'insert-tag-unsubscribe'),
        link('online_version_url', t('tags.onlineVersion'), t('tags.onlineVersionText'), 'insert-tag-online-version'),
      ],
    },
  ].filter((group) => group.items.length > 0);
  const byValue = new Map(groups.flatMap((group) => group.items).map((item) => [item.value, item]));

  return (
    <Menu.Root
      onSelect={(details) => {
        const item = byValue.get(details.value);
        if (item) onInsert(item.html);
      }}
    >
      <Menu.Trigger asChild>
        <Button size="sm" variant="outline" disabled={disabled} title={t('tags.hint')} data-testid="insert-tag-button">
          <BracketsIcon boxSize="4" />
          {t('tags.button')}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          {/* grapesjs ends text editing on any mousedown in the page; a tag chosen here goes to the caret of that text. */}
          <Menu.Content minW="56" maxH="80" overflowY="auto" onMouseDown={(event) => event.stopPropagation()} data-testid="insert-tag-menu">
            {groups.map((group, index) => (
              <Menu.ItemGroup key={group.label}>
                {index > 0 && <Menu.Separator />}
                <Menu.ItemGroupLabel>{group.label}</Menu.ItemGroupLabel>
                {group.items.map((item) => (
                  <Menu.Item key={item.value} value={item.value} data-testid={item.testId}>
                    {item.label}
                  </Menu.Item>
                ))}
              </Menu.ItemGroup>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
