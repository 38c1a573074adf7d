import { describe, expect, it } from 'vitest';
import { immediateMail } from './alert-mails.js';
import { duePeriod, isClosingStatus, isImmediate } from './alert-rules.js';

describe('isClosingStatus', () => {
  it('reads the status enum and register wording, in any case', () => {
    for (const v of ['insolvent', 'dissolved', 'in_liquidation', 'In Liquidation', 'INSOLVENT', 'Insolvency proceedings', 'dissolved 2024-01-02']) {
      expect(isClosingStatus(v), v).toBe(true);
    }
  });

  it('is false for statuses that do not end the company, and for nothing', () => {
    for (const v of ['active', 'unknown', 'solvent', '', null, undefined]) expect(isClosingStatus(v), String(v)).toBe(false);
  });
});

describe('isImmediate', () => {
  it('mails sanctions hits and closing status changes at once, nothing else', () => {
    expect(isImmediate({ type: 'sanctions_hit', new_value: 'EU 123 ACME' })).toBe(true);
    expect(isImmediate({ type: 'status_changed', new_value: 'insolvent' })).toBe(true);
    expect(isImmediate({ type: 'status_changed', new_value: 'in_liquidation' })).toBe(true);
    expect(isImmediate({ type: 'status_changed', new_value: 'active' })).toBe(false);
    expect(isImmediate({ type: 'name_changed', new_value: 'Insolvent Holdings Oy' })).toBe(false);
    expect(isImmediate({ type: 'sanctions_cleared', new_value: null })).toBe(false);
  });
});

describe('duePeriod', () => {
  it('daily: the previous day from the digest hour on, the day before until then', () => {
    const at = (iso: string) => duePeriod(new Date(iso), 'daily', 7);
    expect(at('2026-11-28T07:00:00Z')).toMatchObject({ start: new Date('2026-11-27T00:00:00Z'), end: new Date('2026-11-28T00:00:00Z'), label: 'daily:2026-11-27' });
    expect(at('2026-11-28T06:59:59Z').label).toBe('daily:2026-11-26');
    expect(at('2026-11-28T23:59:59Z').label).toBe('daily:2026-11-27');
  });

  it('weekly: the previous Monday-to-Monday week from Monday at the digest hour', () => {
    // 2026-11-30 is a Monday.
    expect(duePeriod(new Date('2026-11-30T07:00:00Z'), 'weekly', 7)).toMatchObject({
      start: new Date('2026-11-23T00:00:00Z'),
      end: new Date('2026-11-30T00:00:00Z'),
      label: 'weekly:2026-11-23',
    });
    expect(duePeriod(new Date('2026-11-30T06:00:00Z'), 'weekly', 7).label).toBe('weekly:2026-11-16');
    expect(duePeriod(new Date('2026-11-29T12:00:00Z'), 'weekly', 7).label).toBe('weekly:2026-11-16');
    expect(duePeriod(new Date('2026-12-06T23:00:00Z'), 'weekly', 7).label).toBe('weekly:2026-11-23');
  });
});

describe('immediateMail', () => {
  it('keeps register text on one line in the subject, and escapes it in the HTML', () => {
    const mail = immediateMail({ productName: 'Corisk', appUrl: 'https://corisk.test' }, 'en', 'Ana', {
      type: 'status_changed',
      companyName: 'Evil <b>Oy</b>\r\nBcc: x@example.com',
      fiscalNumber: 'FI01120389',
      oldValue: 'active',
      newValue: 'insolvent',
      detectedAt: new Date('2026-11-25T10:00:00Z'),
      portfolioId: 'p1',
      reportId: null,
    });
    expect(mail.subject).toBe('Evil <b>Oy</b> Bcc: x@example.com (FI01120389) is now insolvent');
    expect(mail.html).toContain('Evil &lt;b&gt;Oy&lt;/b&gt;');
    expect(mail.text).toContain('Open the latest report: https://corisk.test/portfolio/p1');
  });
});
