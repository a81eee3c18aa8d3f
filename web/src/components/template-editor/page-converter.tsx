/**
 * The page converter (spec §2.1 convert-page): a web page, by address or pasted HTML, converted by
 * the server into email HTML (CSS inlined, links absolute, scripts removed), shown in a sandboxed
 * preview; the caller decides what the result becomes (a template or a campaign's message).
 */
import { useState, type ReactNode } from 'react';
import { Alert, Box, Button, chakra, Field, Flex, HStack, Input, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ERROR_CODES } from '../../../../shared/errors.js';
import { convertPage } from '../../api/templates.js';
import { toApiError } from '../../api/errors.js';
import { showError } from '../error-dialog.js';
import { ChoiceButtons } from '../choice-buttons.js';
import { HtmlPreview } from './html-preview.js';

type Source = 'url' | 'html';

/**
 * The converter itself: the source (address or HTML), Convert, what went wrong, and the preview.
 * `renderActions` renders what to do with a conversion (save as a template, use in a campaign).
 */
export function PageConverter({ renderActions }: { renderActions(html: string): ReactNode }) {
  const { t } = useTranslation('templates');
  const [source, setSource] = useState<Source>('url');
  const [url, setUrl] = useState('');
  const [pasted, setPasted] = useState('');
  const [converted, setConverted] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [isConverting, setConverting] = useState(false);

  const input = source === 'url' ? url.trim() : pasted;
  // A changed source makes the shown conversion stale: it is what Save would store, so it goes.
  const edit = (set: (value: string) => void, value: string) => {
    set(value);
    setConverted(null);
    setProblem(null);
  };
  const convert = async () => {
    setConverting(true);
    setProblem(null);
    try {
      setConverted(await convertPage(source === 'url' ? { url: input } : { html: input }));
    } catch (failure) {
      const error = toApiError(failure);
      // What went wrong with the page (unreachable, not HTML, too large) is shown beside the form.
      if (error.code === ERROR_CODES.INVALID_INPUT) setProblem(error.message ?? t('convert.failed'));
      else showError(failure, { entity: 'template' });
    } finally {
      setConverting(false);
    }
  };

  return (
    <Flex gap="6" direction={{ base: 'column', lg: 'row' }} align="stretch">
      <Stack gap="4" flex="1" minW="0">
        <ChoiceButtons<Source>
          value={source}
          choices={[
            { value: 'url', label: t('convert.fromUrl') },
            { value: 'html', label: t('convert.fromHtml') },
          ]}
          onChange={(next) => {
            setSource(next);
            setProblem(null);
          }}
          label={t('convert.source')}
          testId="convert-source"
        />
        {source === 'url' ? (
          <Field.Root>
            <Field.Label>{t('convert.url')}</Field.Label>
            <Input type="url" value={url} placeholder="https://" onChange={(event) => edit(setUrl, event.currentTarget.value)} data-testid="convert-url" />
            <Field.HelperText>{t('convert.urlHint')}</Field.HelperText>
          </Field.Root>
        ) : (
          <Field.Root>
            <Field.Label>{t('convert.html')}</Field.Label>
            {/* A plain textarea: the theme carries no textarea recipe (it is shared with the initial bundle). */}
            <chakra.textarea
              value={pasted}
              rows={12}
              w="full"
              p="3"
              borderWidth="1px"
              rounded="l2"
              bg="bg"
              fontFamily="mono"
              fontSize="sm"
              spellCheck={false}
              _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '0' }}
              _placeholder={{ color: 'fg.subtle' }}
              placeholder={t('convert.htmlPlaceholder')}
              onChange={(event) => edit(setPasted, event.currentTarget.value)}
              data-testid="convert-html"
            />
            <Field.HelperText>{t('convert.htmlHint')}</Field.HelperText>
          </Field.Root>
        )}
        <HStack>
          <Button onClick={() => void convert()} loading={isConverting} disabled={input.trim() === ''} data-testid="convert-submit">
            {t('convert.submit')}
          </Button>
        </HStack>
        {problem && (
          <Alert.Root status="error" data-testid="convert-problem">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t('convert.failed')}</Alert.Title>
              <Alert.Description>{problem}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        {converted !== null && renderActions(converted)}
      </Stack>
      <Box flex="1" minW="0" minH="md" borderWidth="1px" rounded="md" overflow="hidden" bg="bg.muted">
        {converted !== null ? (
          <HtmlPreview html={converted} width="desktop" />
        ) : (
          <Flex h="full" minH="md" align="center" justify="center" color="fg.muted" p="6" textAlign="center">
            {t('convert.previewEmpty')}
          </Flex>
        )}
      </Box>
    </Flex>
  );
}
