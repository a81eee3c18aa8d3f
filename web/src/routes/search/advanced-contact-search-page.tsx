/**
 * `/advanced-search/contacts?conditions=&quickSearch=`: build conditions (and optionally a text
 * every contact's email, mobile and text fields are searched for), search, see the count and the
 * contacts, and save the search as an auto-update group or its result as a snapshot group. The
 * last search lives in the URL, so back, reload and the save page all see it.
 */
import { useState, type FormEvent } from 'react';
import { Box, Button, Card, Field, Flex, HStack, Input, Skeleton, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { hasPermission } from '../../../../shared/domain/permissions.js';
import { ERROR_CODES } from '../../../../shared/errors.js';
import type { TContactFilter } from '../../../../shared/schemas/contact-search.js';
import { ConditionBuilder } from '../../components/conditions/condition-builder.js';
import { draftFromTree, emptyDraft, hasProblems, treeFromDraft, validateDraft, type ConditionDraft } from '../../components/conditions/condition-draft.js';
import { filterFromParams, filterToParams } from '../../components/conditions/filter-params.js';
import { useConditionOptions } from '../../components/conditions/use-condition-options.js';
import { SearchIcon } from '../../components/icons.js';
import { useClaims } from '../../session/session.js';
import { ErrorPage } from '../../components/error-page.js';
import { ContactResults } from './components/contact-results.js';

export default function AdvancedContactSearchPage() {
  const claims = useClaims();
  if (!claims || !hasPermission(claims, 'contact', 'read')) return <ErrorPage code={ERROR_CODES.NO_PERMISSION} />;
  return <AdvancedContactSearch />;
}

/** The form for a search: its conditions, or none when it is a text search alone, or one blank condition to start from. */
function draftOf(filter: TContactFilter | null): ConditionDraft {
  if (filter?.conditions) return draftFromTree(filter.conditions);
  return filter?.quickSearch ? { match: 'all', rules: [] } : emptyDraft();
}

function AdvancedContactSearch() {
  const { t } = useTranslation('search');
  const [params, setParams] = useSearchParams();
  const submitted = filterFromParams(params);
  const options = useConditionOptions();
  const submittedJson = JSON.stringify(submitted);
  const [draft, setDraft] = useState(() => draftOf(submitted));
  const [text, setText] = useState(submitted?.quickSearch ?? '');
  // Problems show once a search was refused, then follow every edit.
  const [triedToSearch, setTriedToSearch] = useState(false);
  const problems = triedToSearch && options.fields && draft.rules.length > 0 ? validateDraft(draft, options.fields, options.groups) : null;
  const nothingToSearch = triedToSearch && draft.rules.length === 0 && text.trim() === '';
  // The search the form shows; a search reached by back/forward or a link refills the form.
  const [shown, setShown] = useState(submittedJson);
  if (shown !== submittedJson) {
    setShown(submittedJson);
    setDraft(draftOf(submitted));
    setText(submitted?.quickSearch ?? '');
    setTriedToSearch(false);
  }

  const search = (event: FormEvent) => {
    event.preventDefault();
    if (!options.fields) return;
    const quickSearch = text.trim();
    const hasConditions = draft.rules.length > 0;
    const found = hasConditions ? validateDraft(draft, options.fields, options.groups) : null;
    const canSearch = !(found && hasProblems(found)) && (hasConditions || quickSearch !== '');
    // Problems show from a failed attempt until the next search goes through.
    setTriedToSearch(!canSearch);
    if (!canSearch) return;
    const filter: TContactFilter = { ...(hasConditions && { conditions: treeFromDraft(draft, options.fields) }), ...(quickSearch && { quickSearch }) };
    setShown(JSON.stringify(filter));
    setParams(filterToParams(filter));
  };

  const reset = () => {
    setDraft(emptyDraft());
    setText('');
    setTriedToSearch(false);
    setShown(JSON.stringify(null));
    setParams(new URLSearchParams());
  };

  return (
    <Flex direction="column" gap="6">
      <Card.Root>
        <Card.Body>
          <form onSubmit={search} noValidate aria-label={t('advanced.contacts.form')}>
            <Flex direction="column" gap="5">
              <Field.Root maxW="lg">
                <Field.Label>{t('advanced.contacts.quickSearch')}</Field.Label>
                <Input value={text} onChange={(event) => setText(event.currentTarget.value)} maxLength={100} placeholder={t('advanced.contacts.quickSearchPlaceholder')} data-testid="advanced-quick-search" />
                <Field.HelperText>{t('advanced.contacts.quickSearchHint')}</Field.HelperText>
              </Field.Root>
              <Box borderTopWidth="1px" pt="5">
                {options.fields ? (
                  <ConditionBuilder
                    draft={draft}
                    onChange={setDraft}
                    fields={options.fields}
                    groups={options.groups}
                    problems={problems}
                  />
                ) : (
                  <Skeleton h="24" rounded="md" />
                )}
              </Box>
              {nothingToSearch && (
                <Text fontSize="sm" color="fg.error" role="alert">
                  {t('advanced.contacts.nothingToSearch')}
                </Text>
              )}
              <HStack justify="flex-end" gap="3" borderTopWidth="1px" pt="4">
                <Button variant="ghost" onClick={reset}>
                  {t('advanced.contacts.reset')}
                </Button>
                <Button type="submit" disabled={!options.fields} data-testid="advanced-search-submit">
                  <SearchIcon boxSize="4" />
                  {t('advanced.contacts.search')}
                </Button>
              </HStack>
            </Flex>
          </form>
        </Card.Body>
      </Card.Root>
      {submitted ? (
        // Each search starts on its own first page, with its own count.
        <ContactResults key={JSON.stringify(submitted)} filter={submitted} />
      ) : (
        <Text color="fg.muted" textAlign="center" py="6" data-testid="advanced-search-idle">
          {t('advanced.contacts.idle')}
        </Text>
      )}
    </Flex>
  );
}
