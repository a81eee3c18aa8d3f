/** The API reference: each route an API key reaches, by area, with the scope it needs and a curl example. */
import { Badge, Box, Code, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { developers } from '../../../../../../shared/contracts/developers.js';
import { useOpenApiDocument, type OpenApiOperation } from '../../../../api/developers.js';
import { ListError, ListSkeleton } from '../../../../components/list-states.js';
import { SettingsCard } from '../../../../components/settings-card.js';
import { curlExample } from '../curl-example.js';

type Entry = { path: string; method: string; operation: OpenApiOperation };

const METHOD_COLORS: Record<string, string> = { get: 'blue', post: 'green', put: 'orange', patch: 'orange', delete: 'red' };

export function ApiReferenceSection() {
  const { t } = useTranslation('developers');
  const { document, error, isLoading, refetch } = useOpenApiDocument();
  const entries: Entry[] = document ? Object.entries(document.paths).flatMap(([path, operations]) => Object.entries(operations).map(([method, operation]) => ({ path, method, operation }))) : [];
  const tags = [...new Set(entries.map((entry) => entry.operation.tags[0]))];

  return (
    <SettingsCard title={t('reference.title')} description={t('reference.description', { url: developers.routes.openApi.path })} testId="api-reference-section">
      {isLoading && !document ? (
        <ListSkeleton rows={3} />
      ) : error && !document ? (
        <ListError title={t('reference.loadFailed')} onRetry={() => void refetch()} testId="api-reference-error" />
      ) : (
        <Stack gap="6" px={{ base: '4', md: '5' }} py="4">
          <Text fontSize="sm">
            <a href={developers.routes.openApi.path} target="_blank" rel="noreferrer" data-testid="openapi-link">
              {t('reference.download')}
            </a>
          </Text>
          {tags.map((tag) => (
            <Stack key={tag} gap="2">
              <Heading as="h3" size="sm">
                {tag}
              </Heading>
              {entries
                .filter((entry) => entry.operation.tags[0] === tag)
                .map((entry) => (
                  <Box key={entry.operation.operationId} as="details" borderWidth="1px" rounded="md" px="3" py="2" data-testid="api-reference-operation" data-operation={entry.operation.operationId}>
                    <Flex as="summary" gap="3" align="center" cursor="pointer" wrap="wrap">
                      <Badge colorPalette={METHOD_COLORS[entry.method] ?? 'gray'} fontFamily="mono">
                        {entry.method.toUpperCase()}
                      </Badge>
                      <Code fontSize="sm" bg="transparent">
                        {entry.path}
                      </Code>
                      <Text fontSize="xs" color="fg.muted" ms="auto">
                        {t('reference.scope', { scope: entry.operation['x-scope'] })}
                      </Text>
                    </Flex>
                    <Box as="pre" mt="2" p="3" bg="bg.muted" rounded="md" fontSize="xs" overflowX="auto" whiteSpace="pre">
                      {curlExample({ origin: window.location.origin, path: entry.path, method: entry.method, operation: entry.operation })}
                    </Box>
                  </Box>
                ))}
            </Stack>
          ))}
        </Stack>
      )}
    </SettingsCard>
  );
}
