// The token service: it holds the yellow client's key, serves the page and hands it access tokens. The key never
// leaves this process; the page gets tokens (good for minutes, for yellow calls only) and calls the facility itself.
// `node dist/service.js <key file>`: a key file of the facility's, or mock-clients/yellow.json from `npm run mock`.
import { readFileSync } from "node:fs";
import { createServer, type ServerResponse } from "node:http";
import { homedir } from "node:os";
import { createTokenSource } from "./sfapi/index.js";
// The one Host rule of sfapi-gen's local servers, from the client's copy of the runtime (docs/browsers.md).
import { namesLoopback } from "./sfapi/runtime/urls.js";

const keyFile = process.argv[2] ?? "~/.superfacility/yellow.json";
const port = Number(process.env["PORT"] ?? 8080);

// The color is checked against the key file's own where it says one: a service meant for yellow pages refuses to hand
// out a red key's tokens.
const tokens = createTokenSource({ keyFile, color: "yellow" });
const page = pageHtml(process.env["SFAPI_BASE_URL"] ?? facilityOf(keyFile));
const script = readFileSync(new URL("./public/dashboard.js", import.meta.url));

const server = createServer(async (request, response) => {
  // DNS rebinding: a page at evil.example whose name now points at 127.0.0.1 is same-origin with this service, but
  // its requests still say `Host: evil.example`. Only requests naming this service get an answer (docs/browsers.md).
  if (!namesLoopback(request.headers.host, port)) return send(response, 421, "text/plain", "wrong Host\n");
  if (request.method !== "GET") return send(response, 405, "text/plain", "GET only\n");
  if (request.url === "/") return send(response, 200, "text/html; charset=utf-8", page);
  if (request.url === "/dashboard.js") return send(response, 200, "text/javascript", script);
  if (request.url === "/sfapi-token") {
    // Here a real service decides who may have a token (the user's session, say); this one serves 127.0.0.1 only.
    // No CORS headers: pages of other origins cannot read the answer.
    try {
      const token = await tokens.token();
      console.log("token: handed to the page");
      return send(response, 200, "text/plain", token);
    } catch (error) {
      // The runtime's messages never hold the key, an assertion or a token.
      console.error(`token: ${error instanceof Error ? error.message : String(error)}`);
      return send(response, 502, "text/plain", "no token\n");
    }
  }
  return send(response, 404, "text/plain", "not found\n");
});
server.listen(port, "127.0.0.1", () => console.log(`dashboard: open http://127.0.0.1:${port}/`));

function send(response: ServerResponse, status: number, type: string, body: string | Buffer): void {
  response.writeHead(status, { "content-type": type, "cache-control": "no-store" }).end(body);
}

/**
 * The facility's API the key file names (`sfapi-gen mock`'s files name the local one), read for that URL alone; else
 * none, and the page's client uses NERSC's.
 */
function facilityOf(file: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(readFileSync(file.startsWith("~/") ? homedir() + file.slice(1) : file, "utf8"));
    const url = parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>)["base_url"] : undefined;
    return typeof url === "string" ? url : undefined;
  } catch {
    return undefined; // a PEM file, or the official client's "client ID line + PEM": no URL in it
  }
}

function pageHtml(baseUrl: string | undefined): string {
  const meta = baseUrl === undefined ? "" : `<meta name="sfapi-base-url" content="${escapeHtml(baseUrl)}">\n`;
  return `<!doctype html>
<html lang="en">
<meta charset="utf-8">
${meta}<title>SFAPI dashboard</title>
<h1>SFAPI dashboard</h1>
<h2>Systems</h2>
<section id="systems"><p>loading…</p></section>
<h2>My jobs on Perlmutter</h2>
<section id="jobs"><p>loading…</p></section>
<script type="module" src="/dashboard.js"></script>
</html>
`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
