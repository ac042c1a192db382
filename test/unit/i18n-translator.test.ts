// The app's translator (web/src/lib/i18n/translator.ts): what every screen's texts go through.
// Texts here are written for the test; the expected strings are written by hand.
import { describe, expect, it } from 'vitest';
import { Translator } from '../../web/src/lib/i18n/translator';

const texts = () =>
  new Translator('en', {
    en: {
      title: 'Dock appointments',
      greeting: 'Hello {{name}}, gate {{ gate }}',
      nested: { deeper: { text: 'Yard of {{facility.name}}' } },
      only: { english: 'Only in English' },
      trucks_one: '{{count}} truck waiting',
      trucks_other: '{{count}} trucks waiting',
    },
    hi: {
      title: 'डॉक अपॉइंटमेंट',
      greeting: 'नमस्ते {{name}}, गेट {{ gate }}',
      nested: { deeper: { text: '{{facility.name}} का यार्ड' } },
      trucks_one: '{{count}} ट्रक इंतज़ार में',
      trucks_other: '{{count}} ट्रक इंतज़ार में हैं',
    },
  });

describe('Translator', () => {
  it('finds a text by its dotted key in the current language and fills its placeholders', () => {
    const i18n = texts();
    expect(i18n.t('title')).toBe('Dock appointments');
    expect(i18n.t('greeting', { name: 'Sandeep', gate: 3 })).toBe('Hello Sandeep, gate 3');
    expect(i18n.t('nested.deeper.text', { facility: { name: 'Bhiwandi DC' } })).toBe('Yard of Bhiwandi DC');
    i18n.changeLanguage('hi');
    expect(i18n.t('title')).toBe('डॉक अपॉइंटमेंट');
    expect(i18n.t('greeting', { name: 'संदीप', gate: 3 })).toBe('नमस्ते संदीप, गेट 3');
  });

  it('shows English where the language lacks a text, and the key where no language has it', () => {
    const i18n = texts();
    i18n.changeLanguage('hi');
    expect(i18n.t('only.english')).toBe('Only in English');
    expect(i18n.t('missing.key')).toBe('missing.key');
    expect(i18n.t('nested.deeper')).toBe('nested.deeper'); // a branch, not a text
  });

  it('leaves nothing for a placeholder not given, and keeps text without placeholders as written', () => {
    const i18n = texts();
    expect(i18n.t('greeting', { name: 'Asha' })).toBe('Hello Asha, gate ');
    expect(i18n.t('title', { name: 'unused' })).toBe('Dock appointments');
  });

  it('chooses the plural by count with each language’s rules (Hindi counts 0 and 1 as one)', () => {
    const i18n = texts();
    expect(i18n.t('trucks', { count: 1 })).toBe('1 truck waiting');
    expect(i18n.t('trucks', { count: 0 })).toBe('0 trucks waiting');
    expect(i18n.t('trucks', { count: 12 })).toBe('12 trucks waiting');
    i18n.changeLanguage('hi');
    expect(i18n.t('trucks', { count: 0 })).toBe('0 ट्रक इंतज़ार में');
    expect(i18n.t('trucks', { count: 1 })).toBe('1 ट्रक इंतज़ार में');
    expect(i18n.t('trucks', { count: 5 })).toBe('5 ट्रक इंतज़ार में हैं');
  });

  it('adds texts without replacing those it has, and tells subscribers of a language change once', () => {
    const i18n = texts();
    i18n.add('en', { title: 'Replaced?', added: { line: 'Added later' } });
    expect(i18n.t('title')).toBe('Dock appointments');
    expect(i18n.t('added.line')).toBe('Added later');
    const catalogue = { wms: { title: 'Warehouse' } };
    i18n.add('en', catalogue);
    i18n.add('en', { wms: { zones: 'Zones' } });
    expect(i18n.t('wms.zones')).toBe('Zones');
    expect(catalogue).toEqual({ wms: { title: 'Warehouse' } }); // the catalogue given is not changed
    let calls = 0;
    const stop = i18n.subscribe(() => calls++);
    i18n.changeLanguage('hi');
    i18n.changeLanguage('hi');
    stop();
    i18n.changeLanguage('en');
    expect(calls).toBe(1);
  });

  it('gives one function per language, the same each time, bound to that language', () => {
    const i18n = texts();
    const english = i18n.fixedT('en');
    expect(i18n.fixedT('en')).toBe(english);
    expect(i18n.fixedT('hi')).not.toBe(english);
    i18n.changeLanguage('hi');
    expect(english('title')).toBe('Dock appointments');
    expect(i18n.fixedT('hi')('title')).toBe('डॉक अपॉइंटमेंट');
  });

  it('tells its readers when texts they missed arrive late, with a new function; not for another language or unread texts', () => {
    const i18n = texts();
    i18n.changeLanguage('hi');
    const before = i18n.fixedT('hi');
    const state = i18n.state;
    let calls = 0;
    i18n.subscribe(() => calls++);
    i18n.add('en', { yard: { title: 'Yard' } });
    i18n.add('hi', { gate: { title: 'गेट' } }); // nobody looked for it: no new render
    expect(calls).toBe(0);
    expect(before('yard.title')).toBe('Yard');
    i18n.add('hi', { yard: { title: 'यार्ड' } });
    expect(calls).toBe(1);
    expect(i18n.state).not.toBe(state);
    expect(i18n.fixedT('hi')).not.toBe(before);
    expect(i18n.fixedT('hi')('yard.title')).toBe('यार्ड');
    i18n.add('hi', { yard: { title: 'यार्ड' } }); // nothing new: nobody is told
    expect(calls).toBe(1);
  });

  it('waits for the texts being fetched, and goes on when a fetch fails', async () => {
    const i18n = texts();
    await expect(i18n.ready()).resolves.toBeUndefined();
    let arrive!: () => void;
    let fail!: (error: Error) => void;
    const arriving = new Promise<void>((resolve) => (arrive = resolve)).then(() =>
      i18n.add('hi', { gate: { title: 'गेट' } }),
    );
    i18n.track(arriving);
    i18n.track(new Promise<void>((_, reject) => (fail = reject)));
    let ready = false;
    const waiting = i18n.ready().then(() => (ready = true));
    await Promise.resolve();
    expect(ready).toBe(false);
    fail(new Error('offline'));
    arrive();
    await waiting;
    expect(i18n.fixedT('hi')('gate.title')).toBe('गेट');
  });
});
