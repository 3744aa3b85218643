// The page: the systems' status and the user's jobs on Perlmutter, through a yellow client (the job list is yellow at
// the facility, Iris's dialog) whose access tokens come
// from the token service that served the page (service.ts). The page holds no key and signs nothing: page.js is the
// client without key support, so its bundle carries no signing code, and the guard refuses any call above yellow
// before it is sent.
import { createClient, SfapiError } from "./sfapi/page.js";

/** The facility the service names (the local one for `npm run mock`'s key files); else the client's default, NERSC. */
const baseUrl = document.querySelector<HTMLMetaElement>('meta[name="sfapi-base-url"]')?.content;

const yellow = createClient({
  color: "yellow",
  ...(baseUrl ? { baseUrl } : {}),
  // Asked for each call that needs a token (a JWT is reused until shortly before it expires), and again after a 401.
  accessToken: async () => {
    const answer = await fetch("/sfapi-token", { cache: "no-store" });
    if (!answer.ok) throw new Error(`the token service answered ${answer.status}`);
    return answer.text();
  },
});

/** A table of text cells (textContent: nothing the facility answers is read as HTML). */
function table(id: string, head: readonly string[], rows: readonly (readonly string[])[]): void {
  const section = document.getElementById(id)!;
  const element = document.createElement("table");
  const header = element.createTHead().insertRow();
  for (const text of head) header.appendChild(document.createElement("th")).textContent = text;
  const body = element.createTBody();
  for (const row of rows) {
    const line = body.insertRow();
    for (const text of row) line.insertCell().textContent = text;
  }
  section.replaceChildren(element);
}

/** What failed, in one line: an SfapiError's code and message (they never hold a token). */
function failed(id: string, error: unknown): void {
  const text = SfapiError.is(error) ? `${error.code}: ${error.message}` : String(error);
  const line = document.createElement("p");
  line.className = "error";
  line.textContent = text;
  document.getElementById(id)!.replaceChildren(line);
}

async function showSystems(): Promise<void> {
  const systems = await yellow.readStatuses();
  table(
    "systems",
    ["system", "status", "description"],
    systems.map((system) => [system.name ?? "", system.status ?? "", system.description ?? ""]),
  );
}

async function showJobs(): Promise<void> {
  // Accounting (sacct) lists finished jobs too; squeue only those still queued or running.
  const jobs = await yellow.readJobs({ path: { machine: "perlmutter" }, query: { sacct: true } });
  table(
    "jobs",
    ["job", "name", "state"],
    jobs.output.map((row) => [row["jobid"] ?? "", row["jobname"] ?? "", row["state"] ?? ""]),
  );
}

await Promise.all([showSystems().catch((e) => failed("systems", e)), showJobs().catch((e) => failed("jobs", e))]);
document.body.dataset["state"] = "shown";
