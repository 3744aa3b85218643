/**
 * The one path reader (templates/runtime/path.ts), as tables in openapi-typescript's style: each row a name, what is
 * given, what is wanted. The guard, the form-body choice, `needs`, `diff --code` and the facility's router all read
 * paths through it, so these rows are their rules.
 */
import { describe, expect, test } from "vitest";
import { compileTable, templateParams } from "../../templates/runtime/matcher.js";
import {
  encodeWholePath,
  fillWholePath,
  matchPath,
  type PathRefusal,
  readPath,
  writtenPathProblem,
} from "../../templates/runtime/path.js";
import type { OperationEntry } from "../../templates/runtime/table.js";

type Want = { segments: string[]; split?: string[] } | PathRefusal["refused"];

const readings: [name: string, { given: string; want: Want }][] = [
  ["one segment", { given: "/tasks", want: { segments: ["tasks"] } }],
  ["a trailing slash is an empty segment", { given: "/account/", want: { segments: ["account", ""] } }],
  ["a double slash is an empty segment", { given: "//tasks", want: { segments: ["", "tasks"] } }],
  ["query and fragment are cut off", { given: "/tasks/42?x=/../#/..", want: { segments: ["tasks", "42"] } }],
  ["segments are percent-decoded", { given: "/status/caf%C3%A9", want: { segments: ["status", "café"] } }],
  ["an encoded letter is the letter", { given: "/%75tilities/x", want: { segments: ["utilities", "x"] } }],
  ["a decoded tab is data", { given: "/tasks/%09", want: { segments: ["tasks", "\t"] } }],
  [
    "dots inside a name are data",
    { given: "/files/.hidden/a..b/...", want: { segments: ["files", ".hidden", "a..b", "..."] } },
  ],
  [
    "an encoded slash gives a second, split reading",
    { given: "/files/notes%2Fa.txt", want: { segments: ["files", "notes/a.txt"], split: ["files", "notes", "a.txt"] } },
  ],
  [
    "an encoded backslash splits as well",
    { given: "/files/a%5Cb", want: { segments: ["files", "a\\b"], split: ["files", "a", "b"] } },
  ],
  ["no leading slash", { given: "tasks/1", want: "relative" }],
  ["the empty path", { given: "", want: "relative" }],
  ["..", { given: "/tasks/..", want: "dot" }],
  [".", { given: "/./tasks", want: "dot" }],
  [".. before a query", { given: "/tasks/..?x=1", want: "dot" }],
  ["%2e%2e", { given: "/utilities/%2e%2e/tasks", want: "dot" }],
  ["%2E", { given: "/utilities/%2E/command/dtn01", want: "dot" }],
  [".%2e", { given: "/tasks/.%2e", want: "dot" }],
  ["dot-segments behind an encoded slash", { given: "/files/x%2F..%2F..%2Fadmin", want: "dot" }],
  ["a dot-segment behind an encoded backslash", { given: "/files/x%5C..", want: "dot" }],
  ["malformed escape", { given: "/tasks/%zz", want: "escape" }],
  ["truncated escape", { given: "/status/%E0%A4%A", want: "escape" }],
  ["a lone %", { given: "/tasks/%", want: "escape" }],
  ["an escape of invalid UTF-8", { given: "/tasks/%C3", want: "escape" }],
  ["a backslash", { given: "/utilities\\command\\dtn01", want: "raw" }],
  ["a tab", { given: "/utilities/command/\tdtn01", want: "raw" }],
  ["a newline", { given: "/tasks/1\n", want: "raw" }],
  ["a carriage return", { given: "/tasks/\r1", want: "raw" }],
  ["a NUL", { given: "/tasks/1\u0000", want: "raw" }],
  ["a DEL", { given: "/tasks/\u007f", want: "raw" }],
];

describe("readPath", () => {
  test.each(readings)("%s", (_, { given, want }) => {
    const got = readPath(given);
    if (typeof want === "string") expect("refused" in got ? got.refused : got).toBe(want);
    else expect(got).toEqual({ segments: want.segments, split: want.split });
  });
});

const written: [name: string, { given: [string, Record<string, unknown>?]; want: string | undefined }][] = [
  ["a template with a plain value", { given: ["/utilities/command/{machine}", { machine: "dtn01" }], want: undefined }],
  ["a concrete path", { given: ["/compute/jobs/perlmutter/123?sacct=true"], want: undefined }],
  ["dots in a value that are not a segment", { given: ["/tasks/{id}", { id: "..." }], want: undefined }],
  ["an array value", { given: ["/tasks/{id}", { id: ["a", "b"] }], want: undefined }],
  ["a number value", { given: ["/tasks/{id}", { id: 7 }], want: undefined }],
  [
    "a value that is ..",
    { given: ["/tasks/{id}", { id: ".." }], want: 'dot-segments are refused (path parameter "id")' },
  ],
  [
    "a value that is .",
    { given: ["/tasks/{id}", { id: "." }], want: 'dot-segments are refused (path parameter "id")' },
  ],
  [
    "a value with a dot-segment between slashes",
    {
      given: ["/utilities/command/{machine}", { machine: "dtn01/../../tasks" }],
      want: 'dot-segments are refused (path parameter "machine")',
    },
  ],
  [
    "a value with a dot-segment between backslashes",
    {
      given: ["/utilities/command/{machine}", { machine: "a\\..\\b" }],
      want: 'dot-segments are refused (path parameter "machine")',
    },
  ],
  [
    "an array holding ..",
    { given: ["/tasks/{id}", { id: [".."] }], want: 'dot-segments are refused (path parameter "id")' },
  ],
  ["dot-segments in the path as written", { given: ["/tasks/../account/"], want: "dot-segments are refused" }],
  ["a backslash as written", { given: ["/tasks\\1"], want: "backslashes and control characters are refused" }],
  [
    "no leading slash as written",
    { given: ["utilities/command/dtn01"], want: "a path below the base URL starts with /" },
  ],
  [
    "a whole path",
    { given: ["/utilities/ls/{machine}/{path}", { machine: "pm", path: "/global/homes/u" }], want: undefined },
  ],
  [
    "a whole path with dotted names",
    { given: ["/utilities/ls/{machine}/{path}", { path: "/a/.b/c../..." }], want: undefined },
  ],
  [
    "a whole path climbing up",
    {
      given: ["/utilities/ls/{machine}/{path}", { path: "/global/../etc" }],
      want: 'dot-segments are refused (path parameter "path")',
    },
  ],
  [
    "a whole path ending in ..",
    {
      given: ["/utilities/ls/{machine}/{path}", { path: "/global/homes/.." }],
      want: 'dot-segments are refused (path parameter "path")',
    },
  ],
  [
    "a whole path with ./",
    {
      given: ["/utilities/ls/{machine}/{path}", { path: "./x" }],
      want: 'dot-segments are refused (path parameter "path")',
    },
  ],
  [
    "a whole path concrete as written, climbing up",
    { given: ["/utilities/ls/pm//global/../etc"], want: "dot-segments are refused" },
  ],
];

describe("writtenPathProblem", () => {
  test.each(written)("%s", (_, { given, want }) => {
    expect(writtenPathProblem(...given)).toBe(want);
  });
});

const table: Record<string, OperationEntry> = {
  readThing: { name: "readThing", method: "GET", path: "/things/{id}", scope: "green" },
  readSecret: { name: "readSecret", method: "GET", path: "/things/secret", scope: "red" },
  readFile: { name: "readFile", method: "GET", path: "/files/{path}", scope: "green" },
  readKeys: { name: "readKeys", method: "GET", path: "/files/keys/{name}", scope: "red" },
  readAccount: { name: "readAccount", method: "GET", path: "/account/", scope: "green" },
  ls: { name: "ls", method: "GET", path: "/utilities/ls/{machine}/{path}", scope: "yellow", wholePath: "path" },
  lsSecret: { name: "lsSecret", method: "GET", path: "/utilities/ls/{machine}/secret", scope: "red" },
  notWhole: { name: "notWhole", method: "GET", path: "/other/{machine}/{path}", scope: "green", wholePath: "machine" },
};
const compiled = compileTable(table);

const matches: [name: string, { given: [method: string, path: string]; want: string[] }][] = [
  ["a parameter", { given: ["GET", "/things/7"], want: ["readThing"] }],
  [
    "a literal and a parameter both fit: literal first",
    { given: ["GET", "/things/secret"], want: ["readSecret", "readThing"] },
  ],
  ["an encoded slash filling a parameter", { given: ["GET", "/files/notes%2Fa.txt"], want: ["readFile"] }],
  [
    "an encoded slash that another template reads as two segments: both",
    { given: ["GET", "/files/keys%2Fid_rsa"], want: ["readFile", "readKeys"] },
  ],
  ["only the split reading fits", { given: ["GET", "/things%2F7"], want: ["readThing"] }],
  ["the split reading of a literal", { given: ["GET", "/things%2Fsecret"], want: ["readSecret", "readThing"] }],
  ["an empty parameter fits nothing", { given: ["GET", "/things/"], want: [] }],
  ["the trailing slash is part of the template", { given: ["GET", "/account"], want: [] }],
  ["another method", { given: ["DELETE", "/things/7"], want: [] }],
  ["a parameter holds one segment", { given: ["GET", "/files/a/b"], want: [] }],
  [
    "a whole path, as the official client sends it",
    { given: ["GET", "/utilities/ls/pm//global/homes/u/user"], want: ["ls"] },
  ],
  ["a whole path after a single slash", { given: ["GET", "/utilities/ls/pm/global/homes"], want: ["ls"] }],
  ["a whole path of one segment", { given: ["GET", "/utilities/ls/pm/x"], want: ["ls"] }],
  ["the root directory", { given: ["GET", "/utilities/ls/pm//"], want: ["ls"] }],
  [
    "a whole path with a trailing slash and empty segments",
    { given: ["GET", "/utilities/ls/pm//a//b/"], want: ["ls"] },
  ],
  ["a whole path with encoded slashes", { given: ["GET", "/utilities/ls/pm/%2Fglobal%2Fhomes"], want: ["ls"] }],
  ["an empty whole path fits nothing", { given: ["GET", "/utilities/ls/pm/"], want: [] }],
  ["no whole path at all", { given: ["GET", "/utilities/ls/pm"], want: [] }],
  [
    "a literal beside a whole path: both, literal first",
    { given: ["GET", "/utilities/ls/pm/secret"], want: ["lsSecret", "ls"] },
  ],
  [
    "an encoded slash reaching a literal beside a whole path",
    { given: ["GET", "/utilities/ls/pm%2Fsecret"], want: ["lsSecret", "ls"] },
  ],
  ["a mark on a parameter that is not last is ignored", { given: ["GET", "/other/a/b/c"], want: [] }],
  ["... and the template still matches segment by segment", { given: ["GET", "/other/a/b"], want: ["notWhole"] }],
];

describe("matchPath", () => {
  test.each(matches)("%s", (_, { given: [method, path], want }) => {
    const reading = readPath(path);
    if ("refused" in reading) throw new Error(`${path} refused: ${reading.message}`);
    expect(matchPath(compiled, method, reading).map((e) => e.name)).toEqual(want);
  });
});

const params: [name: string, { given: [string, string[], string?]; want: Record<string, string> | undefined }][] = [
  [
    "segment by segment",
    { given: ["/jobs/{machine}/{jobid}", ["jobs", "pm", "1"]], want: { machine: "pm", jobid: "1" } },
  ],
  [
    "too many segments without a whole path",
    { given: ["/ls/{machine}/{path}", ["ls", "pm", "a", "b"]], want: undefined },
  ],
  [
    "a whole path keeps its leading slash",
    {
      given: ["/ls/{machine}/{path}", ["ls", "pm", "", "global", "u"], "path"],
      want: { machine: "pm", path: "/global/u" },
    },
  ],
  [
    "a whole path after a single slash",
    { given: ["/ls/{machine}/{path}", ["ls", "pm", "global", "u"], "path"], want: { machine: "pm", path: "global/u" } },
  ],
  ["the root", { given: ["/ls/{machine}/{path}", ["ls", "pm", "", ""], "path"], want: { machine: "pm", path: "/" } }],
  ["an empty whole path", { given: ["/ls/{machine}/{path}", ["ls", "pm", ""], "path"], want: undefined }],
  ["a missing whole path", { given: ["/ls/{machine}/{path}", ["ls", "pm"], "path"], want: undefined }],
  ["a literal that differs before it", { given: ["/ls/{machine}/{path}", ["du", "pm", "x"], "path"], want: undefined }],
  [
    "a mark naming another parameter",
    { given: ["/ls/{machine}/{path}", ["ls", "pm", "a", "b"], "machine"], want: undefined },
  ],
];

describe("templateParams", () => {
  test.each(params)("%s", (_, { given, want }) => {
    expect(templateParams(...given)).toEqual(want);
  });
});

const encodings: [name: string, { given: string; want: string }][] = [
  ["an absolute path keeps its slashes", { given: "/global/homes/u/user", want: "/global/homes/u/user" }],
  ["a relative path", { given: "global/x", want: "global/x" }],
  ["reserved characters are escaped piece by piece", { given: "/a b/c?d#e%f", want: "/a%20b/c%3Fd%23e%25f" }],
  ["a backslash is escaped, not a separator", { given: "/a\\b", want: "/a%5Cb" }],
  ["braces cannot become a template parameter", { given: "/{machine}", want: "/%7Bmachine%7D" }],
];

describe("encodeWholePath", () => {
  test.each(encodings)("%s", (_, { given, want }) => {
    expect(encodeWholePath(given)).toBe(want);
  });
});

describe("fillWholePath", () => {
  test("fills the last occurrence of the parameter, and nothing when it is absent", () => {
    expect(fillWholePath("https://x/api/utilities/ls/{machine}/{path}", "path", "/global/a b")).toBe(
      "https://x/api/utilities/ls/{machine}//global/a%20b",
    );
    expect(fillWholePath("https://x/{path}/ls/{path}", "path", "/y")).toBe("https://x/{path}/ls//y");
    expect(fillWholePath("https://x/tasks/{id}", "path", "/y")).toBe("https://x/tasks/{id}");
  });
});
