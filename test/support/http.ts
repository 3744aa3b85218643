/** A real HTTP server on 127.0.0.1 for a test. */
import { createServer, type RequestListener } from "node:http";
import type { AddressInfo } from "node:net";

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
