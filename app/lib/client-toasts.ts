// Toasts raised in the browser (share, favourite errors), shown next to the flash
// toasts that came from the server.
import { createBrowserStore } from "./browser-store";
import type { Toast } from "./toast";

export interface ClientToast extends Toast {
  id: number;
}

const SHOW_FOR_MS = 6000;
const store = createBrowserStore<ClientToast[]>([]);
let nextId = 1;

export function showToast(toast: Toast) {
  const id = nextId++;
  store.set([...store.get(), { ...toast, id }]);
  setTimeout(() => store.set(store.get().filter((t) => t.id !== id)), SHOW_FOR_MS);
}

export const useClientToasts = store.useValue;
