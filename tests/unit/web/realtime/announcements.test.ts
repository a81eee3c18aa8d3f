/** Announcement rules of spec §4 on the web side: the pop-up choice, the forced-read lock, the HTML allow-list, the admin form. */
import { describe, expect, it } from 'vitest';
import { IMPORTANT_ANNOUNCEMENT_LOCK_MS } from '../../../../shared/constants.js';
import type { TAnnouncement } from '../../../../shared/schemas/announcements.js';
import { elementVerdict, isAllowedAttribute, safeUrl } from '../../../../web/src/announcements/html-policy.js';
import { closeLockedUntil, lockSecondsLeft, nextPopUp } from '../../../../web/src/announcements/pop-up.js';
import {
  EMPTY_FORM,
  formFromAnnouncement,
  toAnnouncementInput,
  validateAnnouncementForm,
} from '../../../../web/src/routes/admin/announcement-form.js';

const NOW = Date.parse('2030-06-01T12:00:00Z');

function announcement(overrides: Partial<TAnnouncement>): TAnnouncement {
  return {
    id: 'a1',
    title: 'Maintenance',
    preview: 'Sunday 2:00',
    content: '<p>Hi</p>',
    published_time: '2030-06-01T10:00:00Z',
    is_read: false,
    pop_up: true,
    valid_date: null,
    important: false,
    ...overrides,
  };
}

describe('pop-up announcement', () => {
  it('picks the first unread pop-up that is still valid and not popped up yet', () => {
    // Prepare
    const list = [
      announcement({ id: 'read', is_read: true }),
      announcement({ id: 'plain', pop_up: false }),
      announcement({ id: 'expired', valid_date: '2030-05-31T00:00:00Z' }),
      announcement({ id: 'shown' }),
      announcement({ id: 'valid', valid_date: '2030-07-01T00:00:00Z' }),
      announcement({ id: 'later' }),
    ];

    // Act
    const chosen = nextPopUp(list, NOW, new Set(['shown']));

    // Assess
    expect(chosen?.id).toBe('valid');
    expect(nextPopUp(list.slice(0, 3), NOW, new Set())).toBeUndefined();
  });

  it('locks the close button for 5 s only for an important unread announcement', () => {
    expect(closeLockedUntil(announcement({ important: true }), NOW)).toBe(NOW + IMPORTANT_ANNOUNCEMENT_LOCK_MS);
    expect(closeLockedUntil(announcement({ important: true, is_read: true }), NOW)).toBe(NOW);
    expect(closeLockedUntil(announcement({ important: false }), NOW)).toBe(NOW);
    expect(lockSecondsLeft(NOW + 5000, NOW)).toBe(5);
    expect(lockSecondsLeft(NOW + 4001, NOW)).toBe(5);
    expect(lockSecondsLeft(NOW + 1, NOW)).toBe(1);
    expect(lockSecondsLeft(NOW, NOW)).toBe(0);
  });
});

describe('announcement HTML allow-list', () => {
  it('keeps text markup, drops active content with its inside, unwraps the unknown', () => {
    expect(elementVerdict('P')).toBe('keep');
    expect(elementVerdict('a')).toBe('keep');
    expect(elementVerdict('SCRIPT')).toBe('drop');
    expect(elementVerdict('iframe')).toBe('drop');
    expect(elementVerdict('svg')).toBe('drop');
    expect(elementVerdict('font')).toBe('unwrap');
    expect(elementVerdict('constructor')).toBe('unwrap');
  });

  it('allows only listed attributes: never event handlers or styles', () => {
    expect(isAllowedAttribute('A', 'href')).toBe(true);
    expect(isAllowedAttribute('img', 'src')).toBe(true);
    expect(isAllowedAttribute('img', 'onerror')).toBe(false);
    expect(isAllowedAttribute('p', 'style')).toBe(false);
    expect(isAllowedAttribute('p', 'class')).toBe(false);
  });

  it('keeps web and mail links and relative URLs; refuses script and data URLs', () => {
    expect(safeUrl('https://example.com/x', 'href')).toBe('https://example.com/x');
    expect(safeUrl('mailto:help@example.com', 'href')).toBe('mailto:help@example.com');
    expect(safeUrl('/#/dashboard', 'href')).toBe('/#/dashboard');
    expect(safeUrl(' javascript:alert(1)', 'href')).toBeNull();
    expect(safeUrl('JaVaScRiPt:alert(1)', 'href')).toBeNull();
    expect(safeUrl('data:text/html,<b>', 'href')).toBeNull();
    expect(safeUrl('data:image/png;base64,AAAA', 'src')).toBeNull();
    expect(safeUrl('mailto:x@example.com', 'src')).toBeNull();
  });
});

describe('admin announcement form', () => {
  it('requires title, preview and content within the limits', () => {
    const errors = validateAnnouncementForm({ ...EMPTY_FORM, title: '  ', preview: 'x'.repeat(501) }, EMPTY_FORM, NOW);
    expect(errors).toEqual({ title: 'required', preview: 'tooLong', content: 'required' });
  });

  it('refuses a new end date in the past but keeps an unchanged one', () => {
    const expired = formFromAnnouncement(announcement({ valid_date: '2020-01-01T00:00:00Z' }));
    const valid = { ...expired, validUntil: '2020-02-01T00:00' };
    expect(validateAnnouncementForm(expired, expired, NOW)).toEqual({});
    expect(validateAnnouncementForm(valid, expired, NOW)).toEqual({ validUntil: 'past' });
  });

  it('sends trimmed texts and the end date as an ISO instant, or null', () => {
    // Prepare
    const form = { ...EMPTY_FORM, title: ' Hello ', preview: ' P ', content: '<p>C</p>', popUp: true, important: true, validUntil: '2030-07-01T09:30' };

    // Act
    const input = toAnnouncementInput(form);

    // Assess
    expect(input).toMatchObject({ title: 'Hello', preview: 'P', content: '<p>C</p>', pop_up: true, important: true });
    expect(input.valid_date).toBe(new Date('2030-07-01T09:30').toISOString());
    expect(toAnnouncementInput(EMPTY_FORM).valid_date).toBeNull();
    expect(formFromAnnouncement(announcement({ valid_date: input.valid_date })).validUntil).toBe('2030-07-01T09:30');
  });
});
