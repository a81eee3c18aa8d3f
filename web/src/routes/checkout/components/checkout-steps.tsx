/** The checkout's three steps (billing §2): a number, or a check mark once the step is done. */
import { Flex, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { CheckCircleIcon } from '../../../components/icons.js';

export const CHECKOUT_STEPS = ['summary', 'billing', 'payment'] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

export function CheckoutSteps({ current, paid }: { current: CheckoutStep; paid: boolean }) {
  const { t } = useTranslation('checkout');
  const currentIndex = CHECKOUT_STEPS.indexOf(current);
  return (
    <Flex as="ol" gap={{ base: '3', sm: '6' }} mb="6" listStyleType="none" data-testid="checkout-steps">
      {CHECKOUT_STEPS.map((step, index) => {
        const done = paid || index < currentIndex;
        const active = !paid && index === currentIndex;
        return (
          <Flex as="li" key={step} align="center" gap="2" aria-current={active ? 'step' : undefined} data-testid={`checkout-step-${step}`} data-done={done || undefined}>
            {done ? (
              <CheckCircleIcon boxSize="6" color="brand.fg" aria-label={t('step.done')} />
            ) : (
              <Flex boxSize="6" rounded="full" align="center" justify="center" fontSize="sm" fontWeight="semibold" bg={active ? 'brand.solid' : 'bg.muted'} color={active ? 'brand.contrast' : 'fg.muted'}>
                {index + 1}
              </Flex>
            )}
            <Text fontWeight={active ? 'semibold' : 'normal'} color={active || done ? 'fg' : 'fg.muted'}>
              {t(`step.${step}`)}
            </Text>
          </Flex>
        );
      })}
    </Flex>
  );
}
