/** The search dialog (spec §2.5): a text box, a link to advanced search, and Search. */
import { useState, type FormEvent } from 'react';
import { Button, Dialog, Input, Link, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';

export function SearchDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const query = text.trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!query) return;
    onClose();
    setText('');
    navigate(`/search-results?${new URLSearchParams({ search: query }).toString()}`);
  };

  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && onClose()} placement="top" initialFocusEl={() => document.getElementById('global-search-input')}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW="560px" asChild>
            <form onSubmit={submit} data-testid="search-dialog">
              <Dialog.Header>
                <Dialog.Title>{t('search.title')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Input
                  id="global-search-input"
                  size="lg"
                  value={text}
                  onChange={(event) => setText(event.target.value)}
                  placeholder={t('search.placeholder')}
                  aria-label={t('search.title')}
                />
              </Dialog.Body>
              <Dialog.Footer justifyContent="space-between">
                <Link asChild color="brand.fg" fontSize="sm">
                  <RouterLink to="/advanced-search" onClick={onClose}>
                    {t('search.advanced')}
                  </RouterLink>
                </Link>
                <Button type="submit" disabled={!query}>
                  {t('search.submit')}
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
