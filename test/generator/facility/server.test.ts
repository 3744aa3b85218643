/** The server's own duties: serve the description, cap bodies, survive malformed input, log without secrets. */

import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import type { Reply } from "../../../generator/facility/http.js";
import type { Facility } from "../../../generator/facility/index.js";
import { createFacilityServer } from "../../../generator/facility/server.js";
import { loadModel } from "../../../generator/model/model.js";
import { accessToken, api, assertion, postToken, testClient, tokenForm, useFacility } from "../../support/facility.js";

const MAX_BODY = 4096;

const fixture = useFacility({ maxBodyBytes: MAX_BODY });
let facility: Facility;
beforeAll(() => {
  facility = fixture.facility;
});

/** Send raw bytes on a fresh connection; resolve with whatever comes back before the server closes it. */
function raw(bytes: string): Promise<string> {
  const { port } = new URL(facility.origin);
  return new Promise((resolvePromise, reject) => {
    // The server answers only requests naming it (DNS rebinding): `Host: x` stands for its own name.
    const named = bytes.replace(/\r\nhost: x\r\n/i, `\r\nHost: 127.0.0.1:${port}\r\n`);
    const socket = connect(Number(port), "127.0.0.1", () => socket.end(named));
    let text = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (text += chunk));
    socket.on("close", () => resolvePromise(text));
    socket.on("error", reject);
  });
}

/** POST `size` bytes with node:http (which, unlike fetch, reports the response even while the upload is cut). */
function postLarge(url: string, size: number): Promise<{ status: number; body: string }> {
  return new Promise((resolvePromise, reject) => {
    const req = request(
      url,
      {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "content-length": String(size) },
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (body += c));
        res.on("end", () => resolvePromise({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on("error", reject);
    req.end(Buffer.alloc(size, "a"));
  });
}

describe("facility server", () => {
  it("listens on 127.0.0.1 and serves the description at {base}/openapi.json", async () => {
    expect(facility.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1\.2$/);
    const response = await fetch(`${facility.baseUrl}/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    // Byte for byte: a client generated from the facility records the same SHA-256 as one generated from the file.
    expect(await response.text()).toBe((await loadModel({})).description.text);
  });

  it("refuses bodies over the cap with 413 and keeps serving", async () => {
    const declared = await postLarge(facility.tokenUrl, MAX_BODY + 1);
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.body).detail).toContain(`${MAX_BODY} bytes`);
    const big = await fetch(facility.tokenUrl, {
      method: "POST",
      body: "a".repeat(50 * MAX_BODY),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(big.status).toBe(413);
    // A chunked body (no Content-Length) that grows past the cap is cut off the same way.
    const chunked = await raw(
      `POST /token HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Type: application/x-www-form-urlencoded\r\n\r\n${(MAX_BODY + 10).toString(16)}\r\n${"a".repeat(MAX_BODY + 10)}\r\n0\r\n\r\n`,
    );
    expect(chunked).toMatch(/^HTTP\/1\.1 413 /);
    expect((await fetch(`${facility.baseUrl}/status/`)).status).toBe(200);
  });

  it("answers only requests naming it, 127.0.0.1:<port> or localhost:<port> (DNS rebinding)", async () => {
    const { port } = new URL(facility.origin);
    const status = "/api/v1.2/status/perlmutter";
    const ask = (host: string) => raw(`GET ${status} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
    for (const host of [`evil.example:${port}`, "127.0.0.1", `127.0.0.1:${Number(port) + 1}`, `localhost.evil:${port}`])
      expect([host, (await ask(host)).split("\r\n")[0]]).toEqual([host, "HTTP/1.1 421 Misdirected Request"]);
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`])
      expect([host, (await ask(host)).split("\r\n")[0]]).toEqual([host, "HTTP/1.1 200 OK"]);
  });

  it("answers malformed requests with 400 and does not crash", async () => {
    expect(await raw("THIS IS NOT HTTP\r\n\r\n")).toMatch(/^HTTP\/1\.1 400 /);
    expect(await raw("GET http://elsewhere/x HTTP/1.1\r\nHost: x\r\n\r\n")).toMatch(/^HTTP\/1\.1 400 /);
    expect(await raw("POST /token HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n")).toMatch(/^HTTP\/1\.1 400 /);
    expect((await api(facility, "/status/%ZZ")).status).toBe(400);
    // A client that hangs up halfway through its body.
    await new Promise<void>((resolvePromise) => {
      const socket = connect(Number(new URL(facility.origin).port), "127.0.0.1", () => {
        socket.write("POST /token HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nabc", () => socket.destroy());
      });
      socket.on("close", () => resolvePromise());
    });
    const binary = await postToken(facility, "\u0000\u00ff%%%=&&==", {
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(binary.status).toBe(400);
    expect((await fetch(`${facility.baseUrl}/status/`)).status).toBe(200);
  });

  it("paths outside the API and the token endpoint -> 404 that says where things are", async () => {
    const response = await fetch(`${facility.origin}/elsewhere`);
    expect(response.status).toBe(404);
    expect((await response.json()).detail).toContain(facility.tokenUrl);
  });

  it("logs method, path, status and client of every request, never a token or an assertion", async () => {
    const client = await testClient(facility, "green");
    const made = await assertion(facility, client.clientId, client.privateKeyPem);
    const { body } = await postToken(facility, tokenForm(made));
    const token = body.access_token as string;
    const before = facility.requests.length;
    await api(facility, "/tasks?tags=", { token });
    expect(facility.requests.slice(before)).toEqual([
      {
        at: expect.any(Number),
        method: "GET",
        path: "/api/v1.2/tasks",
        status: 200,
        clientId: client.clientId,
        color: "green",
      },
    ]);
    const log = JSON.stringify(facility.requests);
    expect(log).toContain('"path":"/token"');
    expect(log).not.toContain(token.split(".")[2]);
    expect(log).not.toContain(made.split(".")[2]);
    expect(await accessToken(facility, client)).not.toBe(token);
  });

  it("an answer that cannot be written (JSON.stringify throws) is a 500, and the server keeps serving", async () => {
    // What a body past V8's string limit does inside JSON.stringify, without building one: a BigInt throws too.
    const answers: Reply[] = [
      { status: 200, body: { big: 1n } },
      { status: 200, body: { fine: true } },
    ];
    const { server } = createFacilityServer(async () => answers.shift()!, { maxBodyBytes: 1024 });
    await new Promise<void>((resolvePromise) => server.listen(0, "127.0.0.1", resolvePromise));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const broken = await fetch(`${origin}/x`);
      expect(broken.status).toBe(500);
      expect(await broken.json()).toEqual({ detail: expect.stringContaining("could not be written") });
      expect(await (await fetch(`${origin}/y`)).json()).toEqual({ fine: true });
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it("keeps the logged path bounded, whatever the URL's length", async () => {
    const long = `/status/${"x".repeat(5000)}`;
    await fetch(`${facility.baseUrl}${long}`);
    const entry = facility.requests.at(-1)!;
    expect(entry.path.length).toBeLessThanOrEqual(515);
    expect(entry.path.startsWith("/api/v1.2/status/xxx")).toBe(true);
  });

  it("keeps the last maxLogEntries requests, oldest first, as a ring past the bound", async () => {
    const { server, log } = createFacilityServer(async () => ({ status: 200, body: {} }), {
      maxBodyBytes: 1024,
      maxLogEntries: 3,
    });
    await new Promise<void>((resolvePromise) => server.listen(0, "127.0.0.1", resolvePromise));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      for (const n of [1, 2, 3, 4, 5, 6, 7]) await (await fetch(`${origin}/r${n}`)).json();
      expect(log.length).toBe(3);
      expect(log.toArray().map((e) => e.path)).toEqual(["/r5", "/r6", "/r7"]);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it("answers a GET without a body at once, and still reads a chunked body sent with one", async () => {
    expect(await raw("GET /api/v1.2/status/perlmutter HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n")).toMatch(
      /^HTTP\/1\.1 200 [\s\S]*"name":"perlmutter"/,
    );
    const chunked = await raw(
      "POST /api/v1.2/status/perlmutter HTTP/1.1\r\nhost: x\r\nconnection: close\r\ntransfer-encoding: chunked\r\n\r\n" +
        "3\r\nabc\r\n0\r\n\r\n",
    );
    expect(chunked).toMatch(/^HTTP\/1\.1 405 /);
  });
});
