/**
 * `cors`: pages of the origins the facility was told to allow may call it. A preflight, as Chromium sends it before a
 * call with an Authorization header, gets 204 with the methods and the two headers the facility's clients send; every
 * answer to such a page says it may read it. Without the option (or from another origin) nothing changes: no CORS
 * header, and the preflight is a 405, so the browser blocks the call as before. The page itself, in headless
 * Chromium, is test/generator/facility/cors-browser.test.ts.
 */
import { describe, expect, it } from "vitest";
import { runCli } from "../../support/cli.js";
import { accessToken, testClient, withFacility } from "../../support/facility.js";

const PAGE = "http://localhost:5173";

const preflight = (url: string, origin: string, method = "GET") =>
  fetch(url, {
    method: "OPTIONS",
    headers: {
      origin,
      "access-control-request-method": method,
      "access-control-request-headers": "authorization,content-type",
    },
  });

describe("cors", () => {
  it("answers an allowed origin's preflight with the methods and headers the clients need", async () => {
    await withFacility({ cors: [PAGE] }, async (facility) => {
      for (const url of [`${facility.baseUrl}/compute/jobs/perlmutter`, facility.tokenUrl]) {
        const answer = await preflight(url, PAGE, url === facility.tokenUrl ? "POST" : "GET");
        expect(answer.status, url).toBe(204);
        const headers: Record<string, string> = {};
        answer.headers.forEach((value, name) => {
          headers[name] = value;
        });
        expect(headers).toMatchObject({
          "access-control-allow-origin": PAGE,
          "access-control-allow-methods": "DELETE, GET, POST, PUT",
          "access-control-allow-headers": "Authorization, Content-Type",
          vary: "Origin",
        });
      }
    });
  });

  it("marks every answer to an allowed page readable (tokens, API answers, errors), and no other", async () => {
    await withFacility({ cors: [PAGE] }, async (facility) => {
      // Yellow: the job list's level.
      const client = await testClient(facility, "yellow");
      const token = await accessToken(facility, client);
      const jobs = await fetch(`${facility.baseUrl}/compute/jobs/perlmutter`, {
        headers: { origin: PAGE, authorization: token },
      });
      expect(jobs.status).toBe(200);
      expect(jobs.headers.get("access-control-allow-origin")).toBe(PAGE);
      expect(jobs.headers.get("access-control-expose-headers")).toBe("Retry-After");
      const refused = await fetch(`${facility.baseUrl}/compute/jobs/perlmutter`, { headers: { origin: PAGE } });
      expect(refused.status).toBe(401);
      expect(refused.headers.get("access-control-allow-origin")).toBe(PAGE);
      const elsewhere = await fetch(`${facility.baseUrl}/status/`, { headers: { origin: "http://evil.example" } });
      expect(elsewhere.headers.get("access-control-allow-origin")).toBeNull();
      expect((await preflight(`${facility.baseUrl}/status/`, "http://evil.example")).status).toBe(405);
    });
  });

  it('"*" allows any origin (echoing it)', async () => {
    await withFacility({ cors: ["*"] }, async (facility) => {
      const answer = await preflight(`${facility.baseUrl}/tasks`, "http://127.0.0.1:9999");
      expect(answer.status).toBe(204);
      expect(answer.headers.get("access-control-allow-origin")).toBe("http://127.0.0.1:9999");
    });
  });

  it("without it, a preflight is a 405 and no answer carries a CORS header (as before)", async () => {
    await withFacility({}, async (facility) => {
      const answer = await preflight(`${facility.baseUrl}/compute/jobs/perlmutter`, PAGE);
      expect(answer.status).toBe(405);
      expect(answer.headers.get("access-control-allow-origin")).toBeNull();
      const status = await fetch(`${facility.baseUrl}/status/`, { headers: { origin: PAGE } });
      expect(status.headers.get("access-control-allow-origin")).toBeNull();
    });
  });

  it("refuses an origin with a path, a trailing slash or another scheme, naming it", async () => {
    for (const origin of ["http://localhost:5173/", "http://localhost:5173/app", "file://x", "localhost"])
      await expect(withFacility({ cors: [origin] }, async () => undefined)).rejects.toThrow(
        `cors origin ${JSON.stringify(origin)} must be "*" or an origin`,
      );
  });

  it("sfapi-gen mock --cors (repeatable) says which pages it allows", async () => {
    const controller = new AbortController();
    let serving!: (text: string) => void;
    const printed = new Promise<string>((resolve) => (serving = resolve));
    // Two levels, two RSA keys to make (the bundled ladder's four cost 50 to 400 ms of CPU each); CORS is the same.
    const run = runCli(
      ["mock", "--quiet", "--levels", "green,red", "--cors", PAGE, "--cors", "http://127.0.0.1:8080"],
      {
        signal: controller.signal,
        onStdout: (soFar) => soFar.includes("stop with") && serving(soFar),
      },
    );
    const text = await Promise.race([printed, run.then((r) => Promise.reject(new Error(r.stderr)))]);
    try {
      expect(text).toContain(`pages allowed (CORS): ${PAGE}, http://127.0.0.1:8080`);
      const baseUrl = /base URL: +(\S+)/.exec(text)![1]!;
      const answer = await preflight(`${baseUrl}/tasks`, "http://127.0.0.1:8080");
      expect(answer.status).toBe(204);
    } finally {
      controller.abort();
      expect((await run).code).toBe(0);
    }
  });
});
