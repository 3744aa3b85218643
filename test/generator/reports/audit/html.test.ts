// The HTML audit: self-contained, and rendered by a real browser (headless Chromium) into a screenshot and a DOM that
// names every operation. Without Chromium only the browser test skips, and says why.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { loadModel } from "../../../../generator/model/model.js";
import type { AuditReport } from "../../../../generator/reports/audit/audit.js";
import { buildAudit, renderAudit } from "../../../../generator/reports/audit/audit.js";
import { findChromium, headlessChromium } from "../../../support/programs.js";
import { tempDir } from "../../../support/project.js";

const run = promisify(execFile);

const chromium = findChromium();
const SKIP_REASON =
  "skipped: no Chromium found ($CHROMIUM, else chromium on PATH; Debian: apt-get install chromium; .ci/run installs it)";
if (!chromium) console.warn(`audit HTML: the headless-browser test is ${SKIP_REASON}`);

describe("sfapi-gen audit --format html", () => {
  let report: AuditReport;
  let html: string;
  beforeAll(async () => {
    // The bundled description's own ladder: green < yellow < orange < red.
    report = buildAudit(await loadModel({}), {
      color: "yellow",
    }) as AuditReport;
    html = renderAudit(report, "html");
  });

  it("is one self-contained page: inline CSS, no scripts, no external references", () => {
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain("<style>");
    expect(html).not.toMatch(/<script|<link|<img|<iframe|@import|url\(/i);
    expect(html).not.toMatch(/(src|href)=/i);
  });

  it("has a tag x level matrix whose cells carry each level's colour class", () => {
    const matrix = html.slice(
      html.indexOf('<table class="matrix">'),
      html.indexOf("</table>", html.indexOf('<table class="matrix">')),
    );
    expect(matrix).toMatch(
      /<th class="lvl-public">public, no token<\/th><th class="lvl-0">green<\/th><th class="lvl-1">yellow<\/th><th class="lvl-2">orange<\/th><th class="lvl-3">red<\/th><\/tr>/,
    );
    const rowOf = (tag: string) =>
      matrix.slice(
        matrix.indexOf(`<th scope="row">${tag}</th>`),
        matrix.indexOf("</tr>", matrix.indexOf(`<th scope="row">${tag}</th>`)),
      );
    // utilities: ls green, download yellow, upload orange, command red (the last two refused for yellow).
    const cells = [...rowOf("utilities").matchAll(/<td class="(lvl-[^"]+)">(.*?)<\/td>/g)].map((m) => [
      m[1],
      [...m[2]!.matchAll(/class="name">(\w+)</g)].map((n) => n[1]),
    ]);
    expect(cells).toEqual([
      ["lvl-public", []],
      ["lvl-0", ["readDirectory"]],
      ["lvl-1", ["downloadFile"]],
      ["lvl-2", ["uploadFile"]],
      ["lvl-3", ["runCommand"]],
    ]);
    expect(rowOf("utilities")).toContain(
      '<div class="op refused"><b>POST</b> <code>/utilities/command/{machine}</code><span class="name">runCommand</span><span class="needs">refused: needs red</span></div>',
    );
    expect(rowOf("utilities")).toContain(
      '<div class="op refused"><b>PUT</b> <code>/utilities/upload/{machine}/{path}</code><span class="name">uploadFile</span><span class="needs">refused: needs orange</span></div>',
    );
    // Levels named by colour words show those colours: green, yellow, orange, red.
    const hues = [0, 1, 2, 3].map((level) =>
      Number(html.match(new RegExp(`\\.lvl-${level} \\{ --tint: hsl\\((\\d+) `))?.[1]),
    );
    expect(hues).toEqual([120, 55, 30, 0]);
  });

  it("spreads the hues from green to red over a ladder not named by colours", async () => {
    const other = renderAudit(buildAudit(await loadModel({}, { levels: ["low", "mid", "high", "top"] })), "html");
    const hues = [0, 1, 2, 3].map((level) =>
      Number(other.match(new RegExp(`\\.lvl-${level} \\{ --tint: hsl\\((\\d+) `))?.[1]),
    );
    expect(hues).toEqual([120, 80, 40, 0]);
  });

  it("escapes text from the description", () => {
    const subject = {
      title: 'A <b>"bold"</b> API',
      version: { info: "1 & 2" },
      scopeField: "x-nersc-scope",
      ladder: ["green", "red"],
      policy: "scope" as const,
      operations: [],
      sha256: "0".repeat(64),
      generatorVersion: "9.9.9",
      note: "assumed <script>x</script>",
    };
    const built = buildAudit(subject);
    // A subject made by hand does not say whether its description declares security: no claim either way.
    expect(built.description.declaresSecurity).toBeNull();
    const page = renderAudit(built, "html");
    expect(page).not.toContain("No security declared");
    expect(page).toContain("<title>Scope audit: A &lt;b&gt;&quot;bold&quot;&lt;/b&gt; API 1 &amp; 2</title>");
    expect(page).toContain(`<p class="note"><b>Note:</b> assumed &lt;script&gt;x&lt;/script&gt;</p>`);
    expect(page).toContain(`Description SHA-256 <code>${"0".repeat(64)}</code>; audited by sfapi-gen 9.9.9.`);
    expect(page).not.toContain('<b>"bold"</b>');
  });

  const browserTest = "renders in headless Chromium: a non-empty PNG screenshot, and a DOM naming every operation";
  it.skipIf(!chromium)(chromium ? browserTest : `${browserTest} (${SKIP_REASON})`, async () => {
    const dir = tempDir("html-");
    const page = join(dir, "audit.html");
    const shot = join(dir, "audit.png");
    writeFileSync(page, html);
    const profile = mkdtempSync(join(tmpdir(), "sfapi-chromium-"));
    try {
      const { stdout: dom } = await run(
        chromium!,
        headlessChromium(
          profile,
          "--disable-quic",
          "--window-size=1400,2600",
          `--screenshot=${shot}`,
          "--dump-dom",
          pathToFileURL(page).href,
        ),
        { timeout: 60_000, maxBuffer: 16 * 1024 * 1024 },
      );
      const png = readFileSync(shot);
      expect(statSync(shot).size).toBeGreaterThan(1000);
      expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      expect(png.subarray(12, 16).toString("latin1")).toBe("IHDR");
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1400, 2600]);
      // The page's text as the browser built it: tags dropped, entities decoded.
      const text = dom
        .replace(/<style>[\s\S]*?<\/style>/, "")
        .replace(/<[^>]+>/g, " ")
        .replace(/&lt;/g, "<")
        .replace(/&gt;/g, ">")
        .replace(/&amp;/g, "&")
        .replace(/\s+/g, " ");
      expect(report.operations).toHaveLength(31);
      for (const op of report.operations) {
        expect(text, `${op.method} ${op.path}`).toContain(` ${op.method} ${op.path} ${op.name} `);
      }
      expect(text).toContain("24 callable, 7 refused.");
    } finally {
      rmSync(profile, { recursive: true, force: true });
    }
  });
});
