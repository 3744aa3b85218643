import { generateKeyPairSync } from "node:crypto";
import createFetchClient from "openapi-fetch";
import { createClient } from "./generated/index.js";
const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048, privateKeyEncoding: { type: "pkcs8", format: "pem" }, publicKeyEncoding: { type: "spki", format: "pem" } });
const base = "http://127.0.0.1:9/api/v1.2";
const task = JSON.stringify({ id: "1", status: "completed", result: "ok" });
const canned = async (r: Request) => new Response(r.url.endsWith("/token") ? JSON.stringify({ access_token: "canned", expires_in: 3600 }) : task, { headers: { "content-type": "application/json" } });
const ours = createClient({ color: "green", clientId: "c", privateKey, baseUrl: base, tokenUrl: "http://127.0.0.1:9/token", fetch: canned });
const bare = createFetchClient<any>({ baseUrl: base, fetch: canned, headers: { accept: "application/json", authorization: "x" } });
const N = 20000;
const calls: [string, () => Promise<unknown>, number[]][] = [["ours", () => ours.GET("/tasks/{id}", { params: { path: { id: "1" } } }), []], ["bare", () => bare.GET("/tasks/{id}", { params: { path: { id: "1" } } }), []], ["named", () => ours.readTask({ path: { id: "1" } }), []]];
for (let round = 0; round < 8; round++) for (const [, call, s] of calls) { const t = process.hrtime.bigint(); for (let i = 0; i < N; i++) await call(); if (round) s.push(Number(process.hrtime.bigint() - t) / 1e3 / N); }
for (const [n, , s] of calls) { s.sort((a, b) => a - b); console.log(n, s[Math.floor(s.length / 2)]!.toFixed(2), "µs"); }
