/**
 * `sfapi-gen mock`: run the local facility until SIGINT/SIGTERM (or the caller's abort signal), with one client per
 * level of the ladder whose key files go to --clients-dir (default a fresh private folder under the system temp dir).
 * Prints where things are, never the keys themselves.
 */
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Command, InvalidArgumentError } from "./commander.js";
import { readConfig } from "./config.js";
import type { CliIo } from "./io.js";
import { printWarnings } from "./io.js";
import { addExternalRefsOption, addScopeOptions } from "./shared.js";

interface MockFlags {
  host: string;
  port: number;
  file?: string;
  vendor?: string;
  levels?: string;
  clientsDir?: string;
  acceptBearer?: boolean;
  allowExternalRefs?: boolean;
  tokenLifetime?: number;
  taskDelay?: number;
}

export function mockCommand(io: CliIo): Command {
  const command = new Command("mock")
    .description("run a local facility (token endpoint + API) with one client per level, for offline tests")
    .option("--port <n>", "port to listen on (default: any free port)", wholeNumber("--port"), 0)
    .option("--host <address>", "address to listen on", "127.0.0.1")
    .option("--file <path>", "serve this description instead of the bundled v1.2 one")
    .option(
      "--clients-dir <dir>",
      "where to write <color>.json and <color>.pem (default: a new folder in the temp dir)",
    )
    .option("--accept-bearer", 'also accept "Authorization: Bearer <token>" (the official Python client sends it)')
    .option("--token-lifetime <s>", "access-token lifetime in seconds (default 600)", wholeNumber("--token-lifetime"))
    .option(
      "--task-delay <ms>",
      "how long a task stays new, and a job pending, then running (default 2000)",
      wholeNumber("--task-delay"),
    );
  return addExternalRefsOption(addScopeOptions(command, { policy: false })).action(async (flags: MockFlags) => {
    const { startFacility, writeClientFiles } = await import("../facility/index.js");
    const config = readConfig(io.cwd);
    const facility = await startFacility({
      host: flags.host,
      port: flags.port,
      file: flags.file,
      cwd: io.cwd,
      allowExternalRefs: flags.allowExternalRefs,
      vendor: flags.vendor ?? config.vendor,
      levels: flags.levels ?? config.levels,
      acceptBearer: flags.acceptBearer,
      tokenLifetimeSeconds: flags.tokenLifetime,
      taskDelayMs: flags.taskDelay,
    });
    try {
      printWarnings(io, facility.model.warnings);
      const dir = flags.clientsDir ? resolve(io.cwd, flags.clientsDir) : await mkdtemp(join(tmpdir(), "sfapi-mock-"));
      const clients = await Promise.all(facility.ladder.map((color) => facility.createClient(color)));
      const lines = [
        `sfapi-gen mock: serving ${facility.model.description.source} (${facility.model.operations.length} operations)`,
        `  base URL:  ${facility.baseUrl}`,
        `  token URL: ${facility.tokenUrl}`,
        `  clients (${facility.ladder.join(" < ")}):`,
      ];
      for (const client of clients) {
        const files = await writeClientFiles(dir, client, facility);
        lines.push(
          `    ${client.color}: ${client.clientId}, expires ${client.expiresAt.toISOString()}`,
          ...files.map((f) => `      wrote ${f}`),
        );
      }
      lines.push("  stop with Ctrl-C (SIGINT) or SIGTERM");
      io.stdout.write(lines.join("\n") + "\n");
      const reason = await untilStopped(io.signal);
      io.stdout.write(`sfapi-gen mock: ${reason}, stopping\n`);
    } finally {
      await facility.close();
    }
  });
}

/** Resolves with the signal's name on SIGINT/SIGTERM, or "aborted" when `signal` aborts. */
function untilStopped(signal: AbortSignal | undefined): Promise<string> {
  return new Promise((resolvePromise) => {
    const stop = (reason: string) => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      signal?.removeEventListener("abort", aborted);
      resolvePromise(reason);
    };
    const aborted = () => stop("aborted");
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
    if (signal?.aborted) aborted();
    else signal?.addEventListener("abort", aborted, { once: true });
  });
}

function wholeNumber(flag: string) {
  return (value: string): number => {
    if (!/^\d+$/.test(value))
      throw new InvalidArgumentError(`${flag} takes a whole number, not ${JSON.stringify(value)}`);
    return Number(value);
  };
}
