/**
 * `/legal/terms-of-use` and `/legal/returns-and-refunds`: the two documents the checkout's terms
 * box links (billing §2), readable without signing in. Their text is in the `legal` namespace.
 */
import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router-dom';

export const LEGAL_DOCUMENTS = { 'terms-of-use': 'terms', 'returns-and-refunds': 'refunds' } as const;
type DocumentPath = keyof typeof LEGAL_DOCUMENTS;

export default function LegalPage() {
  const { t } = useTranslation('legal');
  const { document } = useParams();
  if (!document || !(document in LEGAL_DOCUMENTS)) return <Navigate to="/error" replace />;
  const key = LEGAL_DOCUMENTS[document as DocumentPath];
  const paragraphs = t(`${key}.body`).split('\n\n');
  return (
    <Box px={{ base: '4', md: '8' }} py={{ base: '8', md: '12' }} maxW="3xl" mx="auto" data-testid={`legal-${key}`}>
      <Stack gap="4">
        <Heading as="h1" size="2xl">
          {t(`${key}.title`)}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {t('updated')}
        </Text>
        {paragraphs.map((paragraph, index) => (
          <Text key={index} lineHeight="tall">
            {paragraph}
          </Text>
        ))}
      </Stack>
    </Box>
  );
}
