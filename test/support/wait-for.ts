// Polls until a condition holds, for what a test waits on outside its own call (a stream worker, a
// receiver): `read` is asked every 150 ms until `done` accepts its value or `timeoutMs` passes.
export async function waitFor<T>(
  read: () => T | Promise<T>,
  done: (value: T) => boolean,
  what: string,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}
