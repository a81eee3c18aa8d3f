import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { groupNameKey } from '../../../functions/data/groups.js';
import { normalizeTags } from '../../../shared/domain/campaign-fields.js';
import { fieldNameKey } from '../../../shared/domain/contacts.js';
import { isValidEmail } from '../../../shared/domain/email.js';
import { ERROR_CODES } from '../../../shared/errors.js';
import { ZEmailCampaignCommand } from '../../../shared/schemas/campaigns.js';
import { ZCreateFieldRequest } from '../../../shared/schemas/contacts.js';
import { ZCreateGroupRequest, ZGroupName } from '../../../shared/schemas/groups.js';
import { ZTemplateName } from '../../../shared/schemas/templates.js';
import { parseRequestInput } from '../../../shared/validation.js';

const NFC = 'Caf\u00e9';
const NFD = 'Cafe\u0301';

/** The AppError a parse throws, as code and message. */
function refusal(run: () => unknown): { code: string; message: string } | null {
  try {
    run();
    return null;
  } catch (error) {
    const { code, message } = error as { code: string; message: string };
    return { code, message };
  }
}

describe('control characters in request input', () => {
  const ZNote = z.object({ contact: z.object({ email: z.string(), notes: z.array(z.string()) }) });

  it.each([
    ['NUL', '\u0000'],
    ['a C0 control', '\u0007'],
    ['vertical tab', '\u000b'],
    ['DEL', '\u007f'],
    ['a C1 control (NEL)', '\u0085'],
    ['a C1 control (CSI)', '\u009b'],
  ])('refuses %s in any text field, naming the field', (_, control) => {
    // Act
    const refused = refusal(() => parseRequestInput(ZNote, { contact: { email: `a${control}@example.com`, notes: [] } }));
    const inList = refusal(() => parseRequestInput(ZNote, { contact: { email: 'a@example.com', notes: ['ok', `x${control}`] } }));

    // Assess
    expect(refused).toEqual({ code: ERROR_CODES.INVALID_INPUT, message: expect.stringContaining('contact.email') });
    expect(inList).toEqual({ code: ERROR_CODES.INVALID_INPUT, message: expect.stringContaining('contact.notes.1') });
  });

  it('refuses a control character in an object key, and in a query or path value', () => {
    expect(refusal(() => parseRequestInput(z.record(z.string(), z.string()), { 'f\u00001': 'x' }))?.code).toBe(ERROR_CODES.INVALID_INPUT);
    expect(refusal(() => parseRequestInput(z.object({ id: z.string() }), { id: 'abc\u0000' }))?.code).toBe(ERROR_CODES.INVALID_INPUT);
  });

  it('keeps tab, line feed and carriage return, which multi-line text (HTML, messages, notes) needs', () => {
    const text = '<p>\r\n\tHello,\n世界 😀</p>';
    expect(parseRequestInput(ZNote, { contact: { email: 'a@example.com', notes: [text] } })).toEqual({ contact: { email: 'a@example.com', notes: [text] } });
  });

  it('refuses a NUL in an email address, in the schema and in the import rule alike', () => {
    expect(isValidEmail('a\u0000@example.com')).toBe(false);
    expect(isValidEmail('a@exam\u0085ple.com')).toBe(false);
    expect(isValidEmail('a@example.com')).toBe(true);
  });
});

describe('names', () => {
  it.each([
    ['group', ZGroupName],
    ['template', ZTemplateName],
  ])('a %s name is one line: tab and line breaks are refused', (_, schema) => {
    expect(schema.safeParse('Two\nlines').success).toBe(false);
    expect(schema.safeParse('Tab\there').success).toBe(false);
    expect(schema.safeParse('Line\u2028separator').success).toBe(false);
    expect(schema.parse('  VIP 客戶  ')).toBe('VIP 客戶');
  });

  it('stores names in NFC, so "Café" typed either way is the same name', () => {
    expect(ZGroupName.parse(NFD)).toBe(NFC);
    expect(ZTemplateName.parse(NFD)).toBe(NFC);
    expect(ZCreateGroupRequest.parse({ type: 'S', name: NFD })).toMatchObject({ name: NFC });
    expect(ZCreateFieldRequest.parse({ name: NFD, type: 'text' })).toMatchObject({ name: NFC });
    expect(ZEmailCampaignCommand.parse({ name: NFD })).toEqual({ name: NFC });
  });

  it('compares names in NFC wherever they must be unique', () => {
    expect(groupNameKey(NFD)).toBe(groupNameKey(NFC));
    expect(fieldNameKey(NFD)).toBe(fieldNameKey(NFC));
    expect(normalizeTags([NFC, NFD, 'cafe'])).toEqual([NFC, 'cafe']);
  });
});

describe('reply-to address of a campaign', () => {
  it('takes an email address, or nothing while the wizard is in progress', () => {
    expect(ZEmailCampaignCommand.parse({ replyTo: ' Replies@Example.com ' })).toEqual({ replyTo: 'replies@example.com' });
    expect(ZEmailCampaignCommand.parse({ replyTo: '' })).toEqual({ replyTo: '' });
    expect(ZEmailCampaignCommand.parse({ replyTo: '   ' })).toEqual({ replyTo: '' });
  });

  it.each(['not an address', 'a@b.com\r\nBcc: everyone@example.com', 'a@b.com, c@d.com', 'a@b'])('refuses %j', (replyTo) => {
    expect(ZEmailCampaignCommand.safeParse({ replyTo }).success).toBe(false);
  });
});
