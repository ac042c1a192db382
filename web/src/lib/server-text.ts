// The API's messages and the shared zod schemas' messages (both English in the source) in the
// reader's language, through the one catalogue the server uses (shared/server-messages.ts).
import { useTranslation } from './i18n/use-translation';
import { serverMessageTranslator } from '@shared/server-messages';
import { localeOf, readableDates } from './format';

// The Hindi catalogue (about 20 KB gzip) is fetched with the shell's Hindi texts (lib/i18n's
// loadLanguage, awaited before the first Hindi render and before a switch to Hindi), so an English
// reader's screens do not carry it.
let hindi: ReturnType<typeof serverMessageTranslator> | undefined;
export async function loadHindiServerMessages(): Promise<void> {
  const { default: catalogue } = await import('@shared/i18n/server-messages-hi.json');
  hindi ??= serverMessageTranslator(catalogue);
}

/** The message in the reader's language, its dates as the reader reads them (format.ts readableDates). */
export function useServerText() {
  const { i18n } = useTranslation();
  const translator = i18n.language === 'hi' ? hindi : undefined;
  const locale = localeOf(i18n.language);
  return (message: string | undefined) =>
    message && readableDates(translator ? translator.translate(message, 'hi') : message, locale);
}
