/** A card's brand as a small badge image (billing §2: mastercard, visa, amex, diners, discover, jcb, unionpay). */
import { Box } from '@chakra-ui/react';

const BRANDS: Record<string, { label: string; bg: string; fg: string }> = {
  visa: { label: 'VISA', bg: '#1a1f71', fg: '#ffffff' },
  mastercard: { label: 'MC', bg: '#eb001b', fg: '#ffffff' },
  amex: { label: 'AMEX', bg: '#2e77bc', fg: '#ffffff' },
  diners: { label: 'DINERS', bg: '#0079be', fg: '#ffffff' },
  discover: { label: 'DISC', bg: '#ff6000', fg: '#ffffff' },
  jcb: { label: 'JCB', bg: '#0b4ea2', fg: '#ffffff' },
  unionpay: { label: 'UP', bg: '#e21836', fg: '#ffffff' },
};

export function CardBrand({ brand }: { brand: string }) {
  const known = BRANDS[brand] ?? { label: brand.toUpperCase().slice(0, 6), bg: '#4a5568', fg: '#ffffff' };
  return (
    <Box
      as="span"
      role="img"
      aria-label={brand}
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      minW="12"
      h="8"
      px="1.5"
      rounded="md"
      fontSize="2xs"
      fontWeight="bold"
      letterSpacing="0.04em"
      style={{ background: known.bg, color: known.fg }}
      data-testid={`card-brand-${brand}`}
    >
      {known.label}
    </Box>
  );
}
