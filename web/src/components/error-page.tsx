/**
 * The error page's body (spec §2.1): a friendly explanation, the code, and a way back. Every area
 * shows it in place of a page the user may not see; `/error?code=` and the unknown addresses too.
 */
import { Badge, Box, Button, Center, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { readableSections } from '../../../shared/domain/permissions.js';
import { ERROR_CODES } from '../../../shared/errors.js';
import { ApiError } from '../api/errors.js';
import { WarningIcon } from './icons.js';
import { describeError } from '../errors/error-messages.js';
import { useClaims } from '../session/session.js';

export type ErrorPageProps = {
  /** The catalogue code; defaults to the `code` query parameter, then OTH-X-001. */
  code?: string;
  /** A `common` key for the title and the message, when the code's own text is not the best fit. */
  titleKey?: string;
  messageKey?: string;
};

export function ErrorPage({ code, titleKey, messageKey }: ErrorPageProps) {
  const { t } = useTranslation('common');
  const { t: tErrors } = useTranslation('errors');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const claims = useClaims();
  const errorCode = code ?? params.get('code') ?? undefined;
  const description = describeError(new ApiError({ code: errorCode }), tErrors);
  const home = claims ? (readableSections(claims)[0]?.to ?? null) : '/sign-in';

  return (
    <Center minH="70vh" px="6" py="12">
      <Stack align="center" textAlign="center" gap="4" maxW="md" data-testid="error-page">
        <Flex boxSize="16" rounded="full" bg="brand.subtle" color="brand.fg" align="center" justify="center">
          <WarningIcon boxSize="8" />
        </Flex>
        <Heading as="h1" size="xl">
          {t(titleKey ?? 'errorPage.title')}
        </Heading>
        <Text color="fg.muted" data-testid="error-page-message">
          {messageKey ? t(messageKey) : description?.message}
        </Text>
        <Box>
          <Badge variant="surface" size="md" fontFamily="mono" data-testid="error-page-code">
            {t('errorPage.code', { code: errorCode ?? description?.code ?? '' })}
          </Badge>
        </Box>
        <HStack gap="3" mt="2">
          <Button variant="outline" onClick={() => navigate(-1)}>
            {t('errorPage.back')}
          </Button>
          {home && <Button onClick={() => navigate(home)}>{t('errorPage.home')}</Button>}
        </HStack>
      </Stack>
    </Center>
  );
}

/** Any address that matches no route. */
export function NotFoundPage() {
  return <ErrorPage code={ERROR_CODES.ROUTE_NOT_FOUND} titleKey="errorPage.notFoundTitle" />;
}

/** Sections that come in later issues: a clear message rather than an empty page. */
export function SectionUnavailablePage() {
  return (
    <ErrorPage code={ERROR_CODES.ROUTE_NOT_FOUND} titleKey="errorPage.unavailableTitle" messageKey="errorPage.unavailable" />
  );
}
