// The API's messages and the shared zod schemas' messages (both English in the source) in the
// reader's language, through the one catalogue the server uses (shared/server-messages.ts).
import { useTranslation } from 'react-i18next';
import { serverMessageTranslator } from '@shared/server-messages';
import SERVER_MESSAGES_HI from '@shared/i18n/server-messages-hi.json';

const serverMessages = serverMessageTranslator(SERVER_MESSAGES_HI);

export function useServerText() {
  const { i18n } = useTranslation();
  const language = i18n.language === 'hi' ? 'hi' : 'en';
  return (message: string | undefined) => (message ? serverMessages.translate(message, language) : message);
}
