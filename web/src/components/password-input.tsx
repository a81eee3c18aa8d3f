/** A password field with a show/hide toggle, the shape of Chakra v3's password-input snippet. */
import { useState } from 'react';
import { IconButton, Input, InputGroup, type InputProps } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { EyeIcon, EyeOffIcon } from './icons.js';

export function PasswordInput(props: Omit<InputProps, 'type'>) {
  const { t } = useTranslation('auth');
  const [visible, setVisible] = useState(false);

  return (
    <InputGroup
      endElementProps={{ px: '1' }}
      endElement={
        <IconButton
          variant="ghost"
          size="sm"
          color="fg.muted"
          // A toggle button: a fixed name, and aria-pressed says whether the password shows.
          aria-label={t('password.show')}
          aria-pressed={visible}
          // Keep the caret in the field when toggling with the mouse.
          onPointerDown={(event) => event.preventDefault()}
          onClick={() => setVisible((value) => !value)}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </IconButton>
      }
    >
      <Input {...props} type={visible ? 'text' : 'password'} />
    </InputGroup>
  );
}
