/** "Create": a new template in one of the four editors. */
import { Button, Menu, Portal, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { BracketsIcon, CameraIcon, ColumnsIcon, GlobeIcon, PlusIcon, SmsIcon, TemplateIcon } from '../../../components/icons.js';
import { templatePaths } from '../../../paths/templates.js';

const CHOICES = [
  { value: 'selectTemplate', icon: ColumnsIcon, to: templatePaths.selectTemplate() },
  { value: 'dragAndDrop', icon: TemplateIcon, to: templatePaths.templateEditor() },
  { value: 'code', icon: BracketsIcon, to: templatePaths.codeEditor() },
  { value: 'convertPage', icon: GlobeIcon, to: templatePaths.convertPage() },
  { value: 'sms', icon: SmsIcon, to: templatePaths.enterMessage('sms') },
  { value: 'mms', icon: CameraIcon, to: templatePaths.enterMessage('mms') },
] as const;

export function CreateTemplateMenu() {
  const { t } = useTranslation('templates');
  const navigate = useNavigate();
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button data-testid="create-template">
          <PlusIcon boxSize="4" />
          {t('create.label')}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="72">
            {CHOICES.map(({ value, icon: Icon, to }) => (
              <Menu.Item key={value} value={value} onClick={() => navigate(to)} alignItems="flex-start" py="2" data-testid={`create-${value}`}>
                <Icon boxSize="4" mt="0.5" />
                <Stack gap="0">
                  <Text fontWeight="medium">{t(`create.${value}`)}</Text>
                  <Text fontSize="xs" color="fg.muted">
                    {t(`create.${value}Hint`)}
                  </Text>
                </Stack>
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
