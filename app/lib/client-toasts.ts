// Toasts raised in the browser (share, favourite errors), shown next to the flash
// toasts that came from the server.
import { useSyncExternalStore } from "react";
import type { Toast } from "./toast";

export interface ClientToast extends Toast {
  id: number;
}

const SHOW_FOR_MS = 6000;
let toasts: ClientToast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function showToast(toast: Toast) {
  const id = nextId++;
  toasts = [...toasts, { ...toast, id }];
  emit();
  setTimeout(() => {
    toasts = toasts.filter((t) => t.id !== id);
    emit();
  }, SHOW_FOR_MS);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const none: ClientToast[] = [];

export function useClientToasts(): ClientToast[] {
  return useSyncExternalStore(subscribe, () => toasts, () => none);
}
