/**
 * The site's one toast system (docs/product-rules.md#toasts): titled messages, destructive or not, shown about
 * 4.5 seconds, at most 3 at once. A tiny external store so any component (or plain function)
 * can raise a toast without threading callbacks.
 */
export interface Toast {
  id: number;
  title: string;
  description: string;
  variant: "default" | "destructive";
}

export const TOAST_DURATION_MS = 4500;
const MAX_VISIBLE_TOASTS = 3;

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function showToast(toast: Omit<Toast, "id" | "variant"> & { variant?: Toast["variant"] }): number {
  const id = nextId++;
  const added: Toast = { variant: "default", ...toast, id };
  toasts = [...toasts, added].slice(-MAX_VISIBLE_TOASTS);
  emit();
  setTimeout(() => dismissToast(id), TOAST_DURATION_MS);
  return id;
}

export function dismissToast(id: number): void {
  if (!toasts.some((toast) => toast.id === id)) return;
  toasts = toasts.filter((toast) => toast.id !== id);
  emit();
}

export function subscribeToToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentToasts(): Toast[] {
  return toasts;
}

const noToasts: Toast[] = [];
export function serverToasts(): Toast[] {
  return noToasts;
}
