/** A real HTTP server on 127.0.0.1 for a test. */
import { createServer, type RequestListener } from "node:http";
import { type AddressInfo, createServer as createNetServer } from "node:net";

/**
 * A real HTTP server on 127.0.0.1 (a free port) for one test file: its origin, and a close that drops kept-alive
 * sockets.
 */
export async function listenLocal(
  handler: RequestListener,
  options: { backlog?: number; keepAliveTimeout?: number } = {},
): Promise<{ origin: string; port: number; close: () => Promise<void> }> {
  const server = createServer(handler);
  if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
  const backlog = options.backlog ?? 511;
  await new Promise<void>((resolve) => server.listen({ port: 0, host: "127.0.0.1", backlog }, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A port free on 127.0.0.1 now, below the kernel's ephemeral range (32768 and up on Linux), for a test that must
 * start servers on the same port one after another: a port taken with port 0 may be handed to a parallel test's
 * server or connection between the starts; nothing takes one below that range unasked.
 */
export async function steadyPort(): Promise<number> {
  const first = 20_000 + Math.floor(Math.random() * 10_000);
  for (let port = first; port < first + 2_000; port++) {
    const server = createNetServer();
    const free = await new Promise<boolean>((resolve) => {
      server.once("error", () => resolve(false));
      server.listen({ port, host: "127.0.0.1" }, () => resolve(true));
    });
    if (free) {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      return port;
    }
  }
  throw new Error(`no free port on 127.0.0.1 from ${first}`);
}
