// What other domains may use of chat (docs/architecture.md §1): nothing yet. The webhook is its route
// (shared/routes/chat.ts), the inbox worker its worker (functions/workers.ts 'chat-inbox'); the local
// stack's fake WhatsApp Cloud API reaches it over HTTP like Meta.
export {};
