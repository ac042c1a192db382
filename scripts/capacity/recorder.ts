// The capacity model's recording DynamoDB client (issue #60): a middleware on every DynamoDB client of
// the product (the document client's, and the idempotency layer's own low-level client) that writes
// down each call as DynamoDB bills it: the command, the partition key or GSI key it reads or writes,
// the item's size, and the read or write units by DynamoDB's rules (1 WCU per started KB written,
// the larger of the old and new item; 1 RCU per started 4 KB read strongly consistent, half that
// eventually consistent; a Query sums its items before rounding; transactions count twice; a GSI
// write per index whose key the old or new item holds, two where the key moved).
// Each call is tagged with the context it ran in (AsyncLocalStorage): the quarter hour of the
// modelled day, the truck whose action it was (if any), and how many real calls it stands for.
// The calls are written down by commands.ts into accesses.ts; the item sizes are item-size.ts's.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { contextStore } from './accesses';
import { readBackFrom, recordCall } from './commands';

type Input = Record<string, any>;
type Output = Record<string, any>;

const MIDDLEWARE = 'capacityRecorder';
type Stack = { add: (mw: unknown, options: Record<string, unknown>) => void };

function instrument(stack: Stack) {
  stack.add(
    (next: (args: { input: Input }) => Promise<{ output: Output }>, context: { commandName?: string }) =>
      async (args: { input: Input }) => {
        const ctx = contextStore.getStore();
        if (!ctx) return next(args);
        let result: { output: Output } | undefined;
        await recordCall(ctx, String(context.commandName ?? ''), args.input, async () => {
          result = await next(args);
          return result.output;
        });
        return result!;
      },
    { step: 'serialize', priority: 'high', name: MIDDLEWARE, override: true },
  );
}

let originalSend: ((...args: unknown[]) => unknown) | undefined;

/**
 * Records every DynamoDB call made inside a context of `contextStore`, from every client: the
 * low-level client's send is wrapped to add the middleware to the client it is called on (the
 * document client shares its low-level client's stack). `stop` puts the send back.
 */
export function startRecording(options: { endpoint: string; table: string; region: string; credentials: never }) {
  const rawClient = new DynamoDBClient({
    endpoint: options.endpoint,
    region: options.region,
    credentials: options.credentials,
  });
  readBackFrom(rawClient, options.table);
  const proto = DynamoDBClient.prototype as unknown as { send: (...args: unknown[]) => unknown };
  const seen = new WeakSet<object>();
  originalSend = Object.prototype.hasOwnProperty.call(proto, 'send') ? proto.send : undefined;
  const inherited = proto.send;
  proto.send = function (this: { middlewareStack: Stack }, ...args: unknown[]) {
    if (!seen.has(this.middlewareStack)) {
      seen.add(this.middlewareStack);
      instrument(this.middlewareStack);
    }
    return inherited.apply(this, args);
  };
  return {
    /** Adds the middleware to a client whose send is not the low-level one's (the document client). */
    instrument: (client: { middlewareStack: unknown }) => {
      const stack = client.middlewareStack as Stack;
      if (!seen.has(stack)) {
        seen.add(stack);
        instrument(stack);
      }
    },
    stop: () => {
      if (originalSend) proto.send = originalSend;
      else delete (proto as { send?: unknown }).send;
      rawClient.destroy();
    },
  };
}
