// Filters that apply at once (`[data-submit-on-change]`, the search page's sidebar): a
// ticked box or a new order submits the GET form it belongs to. Without JavaScript the
// form's 'Aplicar' button does (docs/decisions/0042).
let installed = false;

/** Listens once per document. */
export function installSubmitOnChange() {
  if (installed) return;
  installed = true;
  document.addEventListener("change", (event) => {
    const field = event.target;
    if (!(field instanceof HTMLInputElement || field instanceof HTMLSelectElement)) return;
    if (!field.form || !field.closest("[data-submit-on-change]")) return;
    if (field.type === "checkbox" || field instanceof HTMLSelectElement) field.form.requestSubmit();
  });
}
