/** The frame of the public pages: brand and language on top, one centred card, a line below. */
import type { ReactNode } from 'react';
import { Box, Card, Flex, Heading, Text } from '@chakra-ui/react';
import { Logo } from '../../../components/logo.js';
import { LanguagePicker } from './language-picker.js';

type AuthLayoutProps = {
  title: string;
  subtitle: string;
  children: ReactNode;
  /** Under the card: the link to the other public page. */
  footer?: ReactNode;
};

export function AuthLayout({ title, subtitle, children, footer }: AuthLayoutProps) {
  return (
    <Flex
      minH="100dvh"
      direction="column"
      bgGradient="to-b"
      gradientFrom={{ base: 'brand.50', _dark: 'gray.900' }}
      gradientTo="bg"
    >
      <Flex as="header" align="center" justify="space-between" px={{ base: '4', md: '8' }} py="4">
        <Logo />
        <LanguagePicker />
      </Flex>

      <Flex as="main" flex="1" align={{ base: 'flex-start', sm: 'center' }} justify="center" px="4" pt={{ base: '4', sm: '0' }} pb="12">
        <Box w="full" maxW="md">
          <Card.Root variant="elevated" size="lg" borderRadius="xl">
            <Card.Header gap="1.5">
              <Heading as="h1" size="2xl" letterSpacing="tight">
                {title}
              </Heading>
              <Text color="fg.muted">{subtitle}</Text>
            </Card.Header>
            <Card.Body>{children}</Card.Body>
          </Card.Root>
          {footer && (
            <Text mt="6" textAlign="center" color="fg.muted" fontSize="sm">
              {footer}
            </Text>
          )}
        </Box>
      </Flex>
    </Flex>
  );
}
