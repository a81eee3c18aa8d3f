/**
 * paste-numbers (spec §2.1): mobile numbers typed or pasted, one a line or separated by commas or
 * semicolons (spaces belong to numbers: "+1 415 555 0100"). A national number is read as Hong
 * Kong's. The numbers that are no valid mobile show at once, with those the last save refused.
 */
import { useMemo } from 'react';
import { DEFAULT_MOBILE_COUNTRY, normalizeMobile } from '../../../../../shared/domain/phone.js';
import { PastedEntriesStep } from '../../../components/campaign-wizard/paste-emails-step.js';
import { numbersIn } from './sms-rules.js';
import type { SmsDraft } from './sms-draft.js';

export function PasteNumbersStep({ draft }: { draft: SmsDraft }) {
  const numbers = draft.command.pastedNumbers ?? [];
  const invalid = useMemo(() => {
    const found = numbers.filter((number) => normalizeMobile(number, DEFAULT_MOBILE_COUNTRY) === null);
    return [...new Set([...found, ...draft.invalidEntries])];
  }, [numbers, draft.invalidEntries]);
  return (
    <PastedEntriesStep
      entries={numbers}
      entriesIn={numbersIn}
      readOnly={draft.readOnly}
      onChange={(pastedNumbers) => draft.update({ pastedNumbers })}
      invalid={invalid}
      texts="sms.paste"
      testIds={{ step: 'paste-numbers-step', box: 'pasted-numbers', invalid: 'invalid-numbers' }}
    />
  );
}
