// The kernel's side of shared/server-messages.ts: the Hindi catalogue (~50 KB, the SPA's too) is not
// bundled into any function; it is read on the first request that asks for Hindi, so an English
// request's cold start neither loads nor parses it. A deployed function reads the copy beside its
// bundle (LAMBDA_BUNDLING.assets in lib/bundling.ts, copied by the CDK); from source (tests, the local
// stack) the file itself, so the texts have one source.
import { readFileSync } from 'node:fs';
import { sideBundleFile } from './side-bundle';
import { serverMessageTranslator, type HindiCatalogue, type MessageLanguage } from '../../shared/server-messages';

/** The catalogue's file in the repo, and its name beside a deployed bundle. */
export const HINDI_CATALOGUE = {
  source: 'shared/i18n/server-messages-hi.json',
  bundled: 'server-messages-hi.json',
} as const;

/** Where the catalogue is read from: beside the bundle when bundled, else the source (side-bundle.ts finds both). */
export const hindiCatalogueFile = (here?: string): string => sideBundleFile(HINDI_CATALOGUE, here);

let hindi: ReturnType<typeof serverMessageTranslator> | undefined;

/** The message in the language; English stays as written, a message the catalogue does not know too. */
export function translateServerMessage(message: string, language: MessageLanguage): string {
  if (language === 'en') return message;
  hindi ??= serverMessageTranslator(JSON.parse(readFileSync(hindiCatalogueFile(), 'utf8')) as HindiCatalogue);
  return hindi.translate(message, language);
}
