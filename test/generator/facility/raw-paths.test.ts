/**
 * The facility reads request targets as sent, with the runtime's path reader, before the URL parser normalises them:
 * a dot-segment (also encoded), a backslash or a control character is a 404 and malformed percent-encoding a 400,
 * whatever it would have resolved to. Before, `/x/%2E%2E/utilities\command\perlmutter` ran a command (200, a task)
 * and `ls` of `.../mockuser/../../../../etc` listed `/etc`. Requests go out byte for byte over a socket (fetch and
 * node:http would normalise or refuse some of them first).
 */
import { connect } from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { form, testClient, useFacility } from "../../support/facility.js";

const fixture = useFacility({ levels: ["green", "yellow", "red"] });
let red: string;

beforeAll(async () => {
  red = await fixture.token(await testClient(fixture.facility, "red"));
});

/** `method target` sent as written, with the red client's token; the status and the body. */
function send(method: string, target: string, body = ""): Promise<{ status: number; body: string }> {
  const { port } = new URL(fixture.facility.origin);
  const head = [
    `${method} ${target} HTTP/1.0`, // 1.0: the answer comes unchunked
    `host: 127.0.0.1:${port}`, // the server answers only requests naming it
    `authorization: ${red}`,
    "content-type: application/x-www-form-urlencoded",
    `content-length: ${Buffer.byteLength(body)}`,
    "connection: close",
  ];
  return new Promise((resolvePromise, reject) => {
    const socket = connect(Number(port), "127.0.0.1", () => socket.write(`${head.join("\r\n")}\r\n\r\n${body}`));
    let text = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (text += chunk));
    socket.on("close", () => {
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0);
      resolvePromise({ status, body: text.slice(text.indexOf("\r\n\r\n") + 4) });
    });
    socket.on("error", reject);
  });
}

const base = () => new URL(fixture.facility.baseUrl).pathname;
const command = () => String(form({ executable: "ls" }).body);

describe("request targets the URL parser would normalise", () => {
  it("a dot-segment and backslashes do not reach the command endpoint", async () => {
    for (const target of [
      "/x/%2E%2E/utilities\\command\\perlmutter",
      "/x/../utilities/command/perlmutter",
      "/x/%2e%2e/utilities/command/perlmutter",
      "/x/.%2E/utilities/command/perlmutter",
      "/utilities/./command/perlmutter",
      "/utilities\\command\\perlmutter",
      "/utilities/command/perl%09mutter/..",
      "/x/a%2F..%2F..%2Futilities/command/perlmutter",
    ]) {
      const answer = await send("POST", `${base()}${target}`, command());
      expect(answer, target).toEqual({ status: 404, body: JSON.stringify({ detail: "Not Found" }) });
    }
    // The same command, asked for plainly, runs: the refusals are the paths', not the endpoint's.
    expect((await send("POST", `${base()}/utilities/command/perlmutter`, command())).status).toBe(200);
  });

  it("ls of a whole path with dot-segments, plain or encoded, does not leave the user's folders", async () => {
    const home = "/utilities/ls/perlmutter//global/homes/m/mockuser";
    for (const target of [
      `${home}/../../../../etc`,
      `${home}/%2e%2e/%2E%2E/%2e%2e/%2e%2e/etc`,
      `${home}/..%2F..%2Fetc`,
    ]) {
      const answer = await send("GET", `${base()}${target}`);
      expect(answer, target).toEqual({ status: 404, body: JSON.stringify({ detail: "Not Found" }) });
    }
    const listed = await send("GET", `${base()}${home}`);
    expect(listed.status).toBe(200);
    expect(JSON.parse(listed.body)).toMatchObject({ status: "OK" });
  });

  it("malformed percent-encoding is a 400, also outside the API (the token path, unknown paths)", async () => {
    for (const target of [`${base()}/status/%zz`, "/%E0%A4%A/x", `${base()}/status/%`]) {
      const answer = await send("GET", target);
      expect(answer.status, target).toBe(400);
      expect(JSON.parse(answer.body)).toEqual({ detail: "the request path is not valid percent-encoding" });
    }
  });
});
