import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { AlertTone } from './Alert';
import { Button } from './Button';
import { cx } from './classNames';
import { useLatest } from './useLatest';
import './Toast.css';

export const TOAST_TIMEOUT_MS = 5000;

export interface ToastOptions {
  tone?: AlertTone;
  /** How long the toast stays; 0 keeps it until dismissed. */
  timeoutMs?: number;
}

export interface ToastApi {
  showToast: (message: string, options?: ToastOptions) => void;
}

interface ToastEntry {
  id: number;
  message: string;
  tone: AlertTone;
  timeoutMs: number;
}

const ToastContext = createContext<ToastApi | null>(null);

/** Holds the toast queue and renders one polite live region for it (bottom right). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastEntry[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((toast) => toast.id !== id)), []);
  const showToast = useCallback((message: string, options: ToastOptions = {}) => {
    const entry = { id: nextId.current++, message, tone: options.tone ?? 'info', timeoutMs: options.timeoutMs ?? TOAST_TIMEOUT_MS };
    setToasts((list) => [...list, entry]);
  }, []);
  const api = useMemo(() => ({ showToast }), [showToast]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="ui-toast-region" role="status" aria-live="polite">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={() => dismiss(toast.id)} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

function ToastItem({ toast, onDismiss }: { toast: ToastEntry; onDismiss: () => void }) {
  const dismissRef = useLatest(onDismiss);
  useEffect(() => {
    if (toast.timeoutMs <= 0) return;
    const timer = setTimeout(() => dismissRef.current(), toast.timeoutMs);
    return () => clearTimeout(timer);
  }, [toast.timeoutMs, dismissRef]);

  return (
    <div className={cx('ui-toast', `ui-toast-${toast.tone}`)}>
      <p className="ui-toast-message">{toast.message}</p>
      <Button variant="ghost" size="small" onPress={onDismiss} aria-label={`Dismiss: ${toast.message}`}>
        Dismiss
      </Button>
    </div>
  );
}

/** Shows short confirmations ('Saved.') without moving focus. Needs a ToastProvider above. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast needs a <ToastProvider> above it in the tree.');
  return api;
}
