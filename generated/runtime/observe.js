// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
function notify(hook, event) {
  if (hook === void 0)
    return;
  try {
    hook(event);
  } catch {
  }
}
function requestWhat(request) {
  let path = request.url;
  try {
    path = new URL(request.url).pathname;
  } catch {
  }
  return `${request.method} ${path}`;
}
function debugWriter(debug) {
  if (typeof debug === "function")
    return debug;
  if (debug === true)
    return (line) => console.error(line);
  if (debug === false)
    return void 0;
  const env = globalThis.process?.env;
  const flag = env?.SFAPI_DEBUG;
  return flag !== void 0 && flag !== "" && flag !== "0" ? (line) => console.error(line) : void 0;
}
function debugFetch(fetch, write, clock) {
  if (write === void 0)
    return fetch;
  return async (request) => {
    const what = requestWhat(request);
    const started = clock.now();
    try {
      const response = await fetch(request);
      notify(write, `sfapi: ${what} ${response.status} ${Math.round(clock.now() - started)}ms`);
      return response;
    } catch (error) {
      const name = error instanceof Error ? error.name : "error";
      notify(write, `sfapi: ${what} failed (${name}) ${Math.round(clock.now() - started)}ms`);
      throw error;
    }
  };
}
export {
  debugFetch,
  debugWriter,
  notify,
  requestWhat
};
