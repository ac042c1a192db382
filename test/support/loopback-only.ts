// A safety net for tests of the outbound guard: while on, no socket of this process may connect
// anywhere but loopback (whatever the code under test decides), and every attempt is recorded.
import dns from 'node:dns';
import net from 'node:net';

const isLoopback = (address: string) => /^127\./.test(address) || address === '::1' || address === '::ffff:127.0.0.1';

export function loopbackOnly() {
  const refused: string[] = [];
  const original = net.Socket.prototype.connect;
  net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
    const first = args[0];
    const options = (Array.isArray(first) ? first[0] : first) as
      (net.TcpNetConnectOpts & { path?: string }) | undefined;
    if (options && typeof options === 'object' && !options.path) {
      const host = options.host ?? 'localhost';
      const refuse = (address: string) => {
        refused.push(address);
        return Object.assign(new Error(`test network guard: ${address} is not loopback`), { code: 'ENETUNREACH' });
      };
      if (net.isIP(host)) {
        if (!isLoopback(host)) {
          const err = refuse(host);
          process.nextTick(() => this.destroy(err));
          return this;
        }
      } else {
        const lookup = options.lookup ?? dns.lookup;
        options.lookup = ((name: string, opts: dns.LookupOptions, callback: (...a: unknown[]) => void) =>
          (lookup as typeof dns.lookup)(name, opts, ((
            err: Error | null,
            address: string | dns.LookupAddress[],
            family?: number,
          ) => {
            const all = Array.isArray(address) ? address.map((a) => a.address) : [address];
            const outside = all.find((a) => a && !isLoopback(a));
            if (!err && outside) return callback(refuse(outside));
            callback(err, address, family);
          }) as never)) as never;
      }
    }
    return original.apply(this, args as never);
  };
  return { refused, restore: () => void (net.Socket.prototype.connect = original) };
}
