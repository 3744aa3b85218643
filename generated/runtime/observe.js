// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
/** Calls `hook` with `event`, ignoring what it throws. */
export function notify(hook, event) {
    if (hook === undefined)
        return;
    try {
        hook(event);
    }
    catch {
        // a watcher's failure is not the call's
    }
}
/** `METHOD /path` of a request (the URL's path only). */
export function requestWhat(request) {
    let path = request.url;
    try {
        path = new URL(request.url).pathname;
    }
    catch {
        // keep it as it is
    }
    return `${request.method} ${path}`;
}
/** The debug line writer the options ask for, or undefined. */
export function debugWriter(debug) {
    if (typeof debug === "function")
        return debug;
    if (debug === true)
        return (line) => console.error(line);
    if (debug === false)
        return undefined;
    const env = globalThis.process?.env;
    const flag = env?.SFAPI_DEBUG;
    return flag !== undefined && flag !== "" && flag !== "0" ? (line) => console.error(line) : undefined;
}
/** `fetch` that logs each request's method, path, status and duration (on `clock`). */
export function debugFetch(fetch, write, clock) {
    if (write === undefined)
        return fetch;
    return async (request) => {
        const what = requestWhat(request);
        const started = clock.now();
        try {
            const response = await fetch(request);
            notify(write, `sfapi: ${what} ${response.status} ${Math.round(clock.now() - started)}ms`);
            return response;
        }
        catch (error) {
            const name = error instanceof Error ? error.name : "error";
            notify(write, `sfapi: ${what} failed (${name}) ${Math.round(clock.now() - started)}ms`);
            throw error;
        }
    };
}
