/** Which columns the list shows; the choice is remembered (use-list-preferences.ts). At least one stays. */
import { Button, Menu, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { TFieldSchema } from '../../../../../shared/schemas/contacts.js';
import { ColumnsIcon } from '../../../components/icons.js';
import { fieldIdOf, type ColumnId } from '../../../components/contacts/contact-columns.js';

type Props = {
  columns: ColumnId[];
  hidden: ReadonlySet<ColumnId>;
  fields: ReadonlyMap<string, TFieldSchema>;
  onChange(column: ColumnId, visible: boolean): void;
};

export function ColumnChooser({ columns, hidden, fields, onChange }: Props) {
  const { t } = useTranslation('contacts');
  const visibleCount = columns.filter((column) => !hidden.has(column)).length;
  const standard = columns.filter((column) => fieldIdOf(column) === null);
  const custom = columns.filter((column) => fieldIdOf(column) !== null);

  const item = (column: ColumnId, label: string) => {
    const visible = !hidden.has(column);
    return (
      <Menu.CheckboxItem
        key={column}
        value={column}
        checked={visible}
        disabled={visible && visibleCount === 1}
        onCheckedChange={(checked) => onChange(column, checked)}
        data-testid={`column-option-${column}`}
      >
        <Menu.ItemIndicator />
        {label}
      </Menu.CheckboxItem>
    );
  };

  return (
    <Menu.Root closeOnSelect={false} positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button variant="outline" size="sm" data-testid="column-chooser">
          <ColumnsIcon boxSize="4" />
          {t('list.columns')}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="56" maxH="80" overflowY="auto">
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel>{t('list.standardColumns')}</Menu.ItemGroupLabel>
              {standard.map((column) => item(column, t(`column.${column}`)))}
            </Menu.ItemGroup>
            {custom.length > 0 && (
              <>
                <Menu.Separator />
                <Menu.ItemGroup>
                  <Menu.ItemGroupLabel>{t('list.customColumns')}</Menu.ItemGroupLabel>
                  {custom.map((column) => item(column, fields.get(fieldIdOf(column) ?? '')?.name ?? ''))}
                </Menu.ItemGroup>
              </>
            )}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
