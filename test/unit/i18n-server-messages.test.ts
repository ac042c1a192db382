// The API's messages in Hindi (shared/server-messages.ts): every message the source can answer with
// has a Hindi entry, values carried by a message land in its Hindi text, and Accept-Language decides.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { requestLanguage, serverMessageTranslator } from '../../shared/server-messages';
import SERVER_MESSAGES_HI from '../../shared/i18n/server-messages-hi.json';
import { hindiCatalogueFile, translateServerMessage } from '../../functions/lib/server-messages';
import { serverMessages } from '../support/server-messages';

const { has: hasHindi } = serverMessageTranslator(SERVER_MESSAGES_HI);

describe('server messages in Hindi', () => {
  it('has Hindi for every message thrown in functions/ or written in shared/contracts/', () => {
    const found = serverMessages();
    expect(found.length).toBeGreaterThan(150); // the scan itself still finds the messages
    const missing = [...new Set(found.filter((m) => !hasHindi(m.text)).map((m) => `${m.file}: ${m.text}`))];
    expect(missing, 'add these to shared/i18n/server-messages-hi.json').toEqual([]);
  });

  it('every Hindi entry is Devanagari and carries only values of its English text', () => {
    for (const [english, hindi] of Object.entries(SERVER_MESSAGES_HI)) {
      expect(hindi, english).toMatch(/[\u0900-\u097F]/);
      // A value may be left out in Hindi (the plural 's' of 'minute{1}'), never invented.
      const slots = (text: string) => [...text.matchAll(/\{(\d+)\}/g)].map((m) => m[1]);
      expect(slots(english), english).toEqual(expect.arrayContaining(slots(hindi)));
    }
  });

  it('translates exact messages and messages carrying values', () => {
    expect(translateServerMessage('Name is required', 'hi')).toBe('नाम आवश्यक है');
    expect(translateServerMessage('Door D-04 is under maintenance', 'hi')).toBe('डॉक D-04 रखरखाव में है');
    expect(translateServerMessage('Spot S-3 is already occupied by MH12AB1234', 'hi')).toBe(
      'स्पॉट S-3 पर पहले से MH12AB1234 है',
    );
    expect(translateServerMessage('Must be at most 120 characters', 'hi')).toBe('अधिकतम 120 अक्षर होने चाहिए');
    expect(translateServerMessage('Name is required', 'en')).toBe('Name is required');
    expect(translateServerMessage('A message nobody wrote down', 'hi')).toBe('A message nobody wrote down');
  });

  it('the kernel reads the catalogue beside a deployed bundle, else from the source', () => {
    expect(hindiCatalogueFile()).toBe(
      join(import.meta.dirname, '..', '..', 'shared', 'i18n', 'server-messages-hi.json'),
    );
    const bundle = mkdtempSync(join(tmpdir(), 'bundle-'));
    writeFileSync(join(bundle, 'server-messages-hi.json'), '{}');
    expect(hindiCatalogueFile(bundle)).toBe(join(bundle, 'server-messages-hi.json'));
  });

  it('reads Accept-Language with its weights, English by default', () => {
    expect(requestLanguage(undefined)).toBe('en');
    expect(requestLanguage('hi')).toBe('hi');
    expect(requestLanguage('hi-IN,hi;q=0.9,en;q=0.8')).toBe('hi');
    expect(requestLanguage('en-IN,en;q=0.9,hi;q=0.8')).toBe('en');
    expect(requestLanguage('fr;q=1, hi;q=0.5')).toBe('hi');
    expect(requestLanguage('en;q=0.2, hi;q=0.7')).toBe('hi');
    expect(requestLanguage('hi;q=0, en')).toBe('en');
    expect(requestLanguage('ta-IN')).toBe('en');
  });
});
