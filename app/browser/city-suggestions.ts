// 'Cidade' (docs/decisions/0032): an input with `data-city-suggestions` (the endpoint,
// /municipios) and a <datalist> gets municipalities suggested as one types. A convenience
// only: without it the field is plain text, and the server resolves what is typed anyway.
const SUGGEST_DELAY_MS = 200;

// Per field: the pending request's timer and the last text asked for.
const pending = new WeakMap<HTMLInputElement, { timer?: ReturnType<typeof setTimeout>; asked: string }>();

function suggest(input: HTMLInputElement, endpoint: string, list: HTMLDataListElement) {
  const state = pending.get(input) ?? { asked: "" };
  pending.set(input, state);
  clearTimeout(state.timer);
  const q = input.value.trim();
  if (q.length < 2 || q === state.asked) return;
  state.timer = setTimeout(async () => {
    state.asked = q;
    try {
      const response = await fetch(`${endpoint}?q=${encodeURIComponent(q)}`);
      const body = response.ok ? ((await response.json()) as { options?: string[] }) : null;
      if (state.asked !== q || !Array.isArray(body?.options)) return;
      list.replaceChildren(...body.options.map((label) => Object.assign(document.createElement("option"), { value: label })));
    } catch {
      // A convenience only.
    }
  }, SUGGEST_DELAY_MS);
}

let installed = false;

/** Listens once per document, for every such field there is or will be. */
export function installCitySuggestions() {
  if (installed) return;
  installed = true;
  document.addEventListener("input", (event) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement)) return;
    const endpoint = input.dataset.citySuggestions;
    const list = input.list;
    if (endpoint && list instanceof HTMLDataListElement) suggest(input, endpoint, list);
  });
}
