// A toast raised in the browser (a link copied, a heart saved or refused): it joins the
// flash messages' live region that the server renders on every page (Toaster) and leaves
// after 6 s; the flash messages themselves fade out by CSS (docs/decisions/0042).
import { toastClassName, toastRole, type ToastType } from "~/lib/toast";

const SHOW_FOR_MS = 6000;

export function showToast(type: ToastType, title: string) {
  const region = document.querySelector('[aria-label="Notifications"]');
  if (!region) return;
  const box = document.createElement("div");
  box.setAttribute("role", toastRole(type));
  box.dataset.type = type;
  box.className = toastClassName(type);
  const text = document.createElement("p");
  text.className = "text-sm font-semibold";
  text.textContent = title;
  box.appendChild(text);
  region.appendChild(box);
  setTimeout(() => box.remove(), SHOW_FOR_MS);
}
