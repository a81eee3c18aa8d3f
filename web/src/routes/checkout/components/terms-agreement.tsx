/** Billing §2 payment step: the box the buyer ticks, linking the Terms of Use and the Returns and Refunds Policy. */
import { Checkbox, Link } from '@chakra-ui/react';
import { Trans } from 'react-i18next';

export function TermsAgreement({ checked, onChange }: { checked: boolean; onChange(checked: boolean): void }) {
  return (
    <Checkbox.Root checked={checked} onCheckedChange={(details) => onChange(details.checked === true)} data-testid="checkout-terms">
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>
        <Trans
          ns="checkout"
          i18nKey="payment.terms"
          components={{
            terms: <Link href="#/legal/terms-of-use" target="_blank" rel="noopener" color="brand.fg" />,
            refunds: <Link href="#/legal/returns-and-refunds" target="_blank" rel="noopener" color="brand.fg" />,
          }}
        />
      </Checkbox.Label>
    </Checkbox.Root>
  );
}
