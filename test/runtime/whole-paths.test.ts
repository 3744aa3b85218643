/**
 * Whole file paths on the wire, against a recording server on 127.0.0.1: the file operations (`ls`, `download`,
 * `upload`) send their trailing `path` with its slashes, as the official client does
 * (`/utilities/ls/perlmutter//global/homes/u/user`), whether called by name, openapi-fetch style or as a concrete path;
 * a yellow client may list and download but not upload; every trick the guard refuses is still refused, and a refused
 * call sends nothing.
 */
import { describe, expect, test } from "vitest";
import { CLIENT_ID, rsaKey } from "../support/keys.js";
import { useServers } from "../support/servers.js";
import { op, variants } from "../support/variants.js";

const key = rsaKey();
const LS = "/api/v1.2/utilities/ls";

describe.each(variants)("whole paths ($name)", ({ createClient, errors }) => {
  const servers = useServers({ publicKey: key.publicKey, clientId: CLIENT_ID });
  const client = (color: string) =>
    createClient({
      color,
      clientId: CLIENT_ID,
      privateKey: key.pkcs8,
      baseUrl: servers.baseUrl,
      tokenUrl: servers.tokenUrl,
    });
  const sent = () => servers.apiCalls.map((c) => `${c.method} ${c.url}`);

  test("named, openapi-fetch style and concrete calls send the path with its slashes", async () => {
    const yellow = client("yellow");
    const path = { machine: "perlmutter", path: "/global/homes/u/user" };
    expect(await op(yellow, "readDirectory")({ path })).toEqual({
      method: "GET",
      path: "/utilities/ls/perlmutter//global/homes/u/user",
    });
    await yellow.GET("/utilities/ls/{machine}/{path}", { params: { path } });
    await yellow.GET("/utilities/ls/perlmutter//global/homes/u/user");
    await yellow.GET("/utilities/ls/{machine}/{path}", { params: { path: { machine: "dtn01", path: "scratch/x" } } });
    await op(
      yellow,
      "downloadFile",
    )({ path: { machine: "perlmutter", path: "/a b/c?d#e%.txt" }, query: { binary: true } });
    // openapi-fetch's own spelling of a slash inside a value still reaches the same operation.
    await yellow.GET("/utilities/ls/perlmutter/%2Fglobal%2Fhomes");
    expect(sent()).toEqual([
      `GET ${LS}/perlmutter//global/homes/u/user`,
      `GET ${LS}/perlmutter//global/homes/u/user`,
      `GET ${LS}/perlmutter//global/homes/u/user`,
      `GET ${LS}/dtn01/scratch/x`,
      "GET /api/v1.2/utilities/download/perlmutter//a%20b/c%3Fd%23e%25.txt?binary=true",
      `GET ${LS}/perlmutter/%2Fglobal%2Fhomes`,
    ]);
  });

  test("the color rules hold for whole paths: green may not download, yellow may not upload, orange may", async () => {
    const green = await client("green")
      .GET("/utilities/download/perlmutter//global/homes/u/user/a.txt")
      .catch((e: unknown) => e);
    expect(green).toBeInstanceOf(errors.ScopeError);
    expect(green).toMatchObject({ operation: "downloadFile", required: "yellow", color: "green" });
    const upload = await op(
      client("yellow"),
      "uploadFile",
    )({
      path: { machine: "perlmutter", path: "/global/homes/u/user/run.sh" },
      body: { file: new Blob(["echo hi\n"]) },
    }).catch((e: unknown) => e);
    expect(upload).toMatchObject({ name: "ScopeError", operation: "uploadFile", required: "orange", color: "yellow" });
    const orange = client("orange");
    await op(
      orange,
      "uploadFile",
    )({
      path: { machine: "perlmutter", path: "/global/homes/u/user/run.sh" },
      body: { file: new Blob(["echo hi\n"]) },
    });
    expect(sent()).toEqual(["PUT /api/v1.2/utilities/upload/perlmutter//global/homes/u/user/run.sh"]);
    expect(servers.apiCalls[0]!.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
  });

  test("every trick stays refused, for the top level too, and sends nothing", async () => {
    const red = client("red");
    const named = op(red, "readDirectory");
    const tricks: [string, () => Promise<unknown>][] = [
      ["..", () => named({ path: { machine: "pm", path: "/global/../etc" } })],
      ["trailing ..", () => named({ path: { machine: "pm", path: "/global/homes/.." } })],
      [".", () => named({ path: { machine: "pm", path: "./x" } })],
      ["backslash ..", () => named({ path: { machine: "pm", path: "/global\\..\\etc" } })],
      ["machine ..", () => named({ path: { machine: "..", path: "/x" } })],
      ["concrete ..", () => red.GET("/utilities/ls/pm//global/../etc")],
      ["concrete %2e%2e", () => red.GET("/utilities/ls/pm//global/%2e%2e/etc")],
      ["encoded slash ..", () => red.GET("/utilities/ls/pm/%2Fglobal%2F..%2Fetc")],
      ["backslash", () => red.GET("/utilities/ls/pm//global\\etc")],
      ["tab", () => red.GET("/utilities/ls/pm//global/\tetc")],
      ["malformed", () => red.GET("/utilities/ls/pm//global/%zz")],
    ];
    for (const [what, call] of tricks) {
      const error = await call().catch((e: unknown) => e);
      expect(error, what).toBeInstanceOf(errors.ScopeError);
      expect((error as Error).message, what).toMatch(/dot-segments|backslashes|malformed/);
    }
    expect(servers.apiCalls).toEqual([]);
    expect(servers.tokenCalls).toEqual([]);
  });

  test("an empty whole path is no file operation: unknown, so only the top level may send it", async () => {
    const error = await op(
      client("yellow"),
      "readDirectory",
    )({ path: { machine: "pm", path: "" } }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "ScopeError", operation: undefined, required: "red" });
    expect(servers.apiCalls).toEqual([]);
  });
});
