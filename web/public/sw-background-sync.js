// Background Sync for the offline outboxes (issue #31), imported by the generated service worker
// (web/vite.config.ts). The sending stays in the page (web/src/lib/background-sync.ts): when the
// network returns, the browser wakes this worker, which asks the open pages of the app to send the
// outbox named by the tag. Only a page's "all sent" completes the sync; otherwise (no page open, or
// the network failed again) the browser tries later, and the app sends the outbox when it next opens.
const worker = globalThis;
const PREFIX = 'docksaathi-outbox:';
const ANSWER_MS = 60000;

function ask(page, tag) {
  return new Promise((resolve, reject) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => reject(new Error('no answer from the page')), ANSWER_MS);
    channel.port1.onmessage = (message) => {
      clearTimeout(timer);
      if (message.data && message.data.sent) resolve();
      else reject(new Error('the outbox is not empty yet'));
    };
    page.postMessage({ type: 'background-sync', tag }, [channel.port2]);
  });
}

worker.addEventListener('sync', (event) => {
  if (!event.tag.startsWith(PREFIX)) return;
  event.waitUntil(
    worker.clients.matchAll({ type: 'window' }).then((pages) => {
      if (!pages.length) throw new Error('no page of the app is open to send the outbox');
      return Promise.any(pages.map((page) => ask(page, event.tag)));
    }),
  );
});
