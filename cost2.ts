import { generateKeyPairSync } from "node:crypto";
import { createClient } from "./generated/index.js";
const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048, privateKeyEncoding: { type: "pkcs8", format: "pem" }, publicKeyEncoding: { type: "spki", format: "pem" } });
const base = "http://127.0.0.1:9/api/v1.2";
const task = JSON.stringify({ id: "1", status: "completed", result: "ok" });
const canned = async (r: Request) => new Response(r.url.endsWith("/token") ? JSON.stringify({ access_token: "canned", expires_in: 3600 }) : task, { headers: { "content-type": "application/json" } });
const ours = createClient({ color: "green", clientId: "c", privateKey, baseUrl: base, tokenUrl: "http://127.0.0.1:9/token", fetch: canned });
for (let i = 0; i < 100000; i++) await ours.GET("/tasks/{id}", { params: { path: { id: "1" } } });
