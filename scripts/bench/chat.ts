// The bot's reply time for `npm run bench` (issue #56; goal p95 < 1.5 s): from a driver's message
// posted to the webhook (signed, by the local stack's fake WhatsApp Cloud API) to the conversation's
// first reply handed to the provider (the fake receives it), through the whole path (webhook ->
// inbox item -> table stream -> inbox worker -> conversation -> messaging -> Cloud API adapter).
// BENCH_CHAT_CONVERSATIONS numbers (50) each write twice ("Hi", then "Hi" again), one message at a
// time; each waits for its reply (at most 10 s) before the next is sent.
import type { BenchSection } from './section';
import { percentiles } from './measure';

const CONVERSATIONS = Number(process.env.BENCH_CHAT_CONVERSATIONS ?? 50);
const MESSAGES_EACH = 2;
const GIVE_UP_MS = 10_000;

export const chatBench: BenchSection = async () => {
  const { runningFakeWhatsapp } = await import('../../functions/local/fake-whatsapp');
  const fake = runningFakeWhatsapp();
  if (!fake?.productUrl) throw new Error('The local stack started no fake WhatsApp Cloud API');
  const times: number[] = [];
  let missing = 0;
  let awaited: { to: string; heard: () => void } | null = null;
  const stop = fake.onSent((to) => {
    if (awaited && to === awaited.to) awaited.heard();
  });
  const started = performance.now();
  try {
    for (let i = 0; i < CONVERSATIONS; i++) {
      const number = `+9197000${String(10_000 + i).padStart(5, '0')}`;
      for (let m = 0; m < MESSAGES_EACH; m++) {
        let heard = () => undefined as void;
        const reply = new Promise<number>((resolve) => (heard = () => resolve(performance.now())));
        // Listening before the webhook: the reply may be handed over before its answer is read.
        awaited = { to: number.slice(1), heard };
        const sentAt = performance.now();
        const { status } = await fake.driver(number, { kind: 'text', text: 'Hi' });
        const at =
          status === 200
            ? await Promise.race([reply, new Promise<null>((r) => setTimeout(() => r(null), GIVE_UP_MS).unref())])
            : null;
        if (at === null) missing++;
        else times.push(at - sentAt);
        // The rest of the answer (a menu may be several messages) settles before the next message.
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  } finally {
    stop();
    awaited = null;
  }
  const l = percentiles(times, (performance.now() - started) / 1000, 1);
  const ms = (v: number) => Number(v.toFixed(1));
  return {
    title: `WhatsApp bot reply: webhook in -> first reply handed to the Cloud API (fake; ${CONVERSATIONS} conversations x ${MESSAGES_EACH} messages, one at a time; goal p95 < 1500 ms)`,
    rows: [
      {
        path: 'webhook -> reply (WhatsApp)',
        n: l.count,
        p50: ms(l.p50),
        p95: ms(l.p95),
        p99: ms(l.p99),
        max: ms(l.max),
        'no reply in 10 s': missing,
      },
    ],
  };
};
