// Logs carry no personal data (issue #36): the masking of functions/lib/personal-data-mask.ts, and the
// logger's formatter that applies it to every line.
import { describe, expect, it } from 'vitest';
import { maskPersonalData, maskText } from '../../functions/lib/personal-data-mask';
import { logger } from '../../functions/lib/logger';

describe('maskText', () => {
  it.each([
    ['sent to +91 98765 43210 today', 'sent to [phone] today'],
    ['sent to +919876543210', 'sent to [phone]'],
    ['sent to +91-9876543210', 'sent to [phone]'],
    ['sent to 00919876543210', 'sent to [phone]'],
    ['call 09876543210 or 9876543210', 'call [phone] or [phone]'],
    ['licence MH1220200012345 checked', 'licence [licence] checked'],
    ['licence mh12 2020 0012345 checked', 'licence [licence] checked'],
    ['truck MH12AB1234 at the gate', 'truck [vehicle] at the gate'],
    ['truck MH 12 AB 1234 at the gate', 'truck [vehicle] at the gate'],
    ['truck DL1CAB1234, truck 22BH1234AA', 'truck [vehicle], truck [vehicle]'],
    ['mail ravi.k@example.in now', 'mail [email] now'],
  ])('%s', (text, masked) => {
    expect(maskText(text)).toBe(masked);
  });

  it('leaves ids, instants, amounts and routes alone', () => {
    const plain =
      'appt 3f2a9c1e-0b7d-4e55-9a10-2c4d6e8f0a1b at 2026-02-29T18:30:00.000Z took 1234 ms, GET /api/appointments/{id} 1764115200000';
    expect(maskText(plain)).toBe(plain);
  });
});

describe('maskPersonalData', () => {
  it('replaces personal fields whole at any depth and masks numbers in other text', () => {
    const masked = maskPersonalData({
      appointmentId: 'a1',
      guest: { driverName: 'Ravi Kumar', mobileNumber: '9876543210', vehicleNumber: 'MH12AB1234' },
      recipients: [{ to: '+919876543210', body: 'Namaste Ravi, your slot is at 10:00' }],
      note: 'driver on +91 98765 43210',
      count: 3,
    });
    expect(masked).toEqual({
      appointmentId: 'a1',
      guest: { driverName: '[personal data]', mobileNumber: '[personal data]', vehicleNumber: '[personal data]' },
      recipients: [{ to: '[personal data]', body: '[personal data]' }],
      note: 'driver on [phone]',
      count: 3,
    });
  });

  it("keeps an error's class name and masks its message", () => {
    const masked = maskPersonalData(new TypeError('no driver for 9876543210')) as Record<string, unknown>;
    expect(masked.name).toBe('TypeError');
    expect(masked.message).toBe('no driver for [phone]');
  });
});

describe('the logger', () => {
  it('prints a line with the personal data masked', () => {
    const lines: string[] = [];
    const write = process.stdout.write;
    logger.setLogLevel('INFO');
    process.stdout.write = (chunk: string) => (lines.push(String(chunk)), true);
    try {
      logger.info('message to 9876543210', { driverName: 'Ravi Kumar', appointmentId: 'a1' });
    } finally {
      process.stdout.write = write;
      logger.setLogLevel('SILENT');
    }
    expect(lines.join('')).toContain('message to [phone]');
    expect(lines.join('')).toContain('appointmentId=a1');
    expect(lines.join('')).not.toMatch(/9876543210|Ravi/);
  });
});
