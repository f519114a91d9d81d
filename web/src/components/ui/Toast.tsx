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

/** Draws a live toast: a component that renders a ToastFrame and may change it as work goes on. */
export type LiveToastRender = (dismiss: () => void) => ReactNode;

export interface ToastApi {
  showToast: (message: string, options?: ToastOptions) => void;
  /** A toast that follows something (a background job's progress) until it is dismissed. */
  showLiveToast: (render: LiveToastRender) => void;
}

interface ToastEntry {
  id: number;
  render: LiveToastRender;
}

const ToastContext = createContext<ToastApi | null>(null);

/** Holds the toast queue and renders one polite live region for it (bottom right). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastEntry[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((toast) => toast.id !== id)), []);
  const showLiveToast = useCallback((render: LiveToastRender) => {
    const entry = { id: nextId.current++, render };
    setToasts((list) => [...list, entry]);
  }, []);
  const showToast = useCallback(
    (message: string, { tone = 'info', timeoutMs = TOAST_TIMEOUT_MS }: ToastOptions = {}) =>
      showLiveToast((onDismiss) => (
        <ToastFrame tone={tone} timeoutMs={timeoutMs} label={message} onDismiss={onDismiss}>
          {message}
        </ToastFrame>
      )),
    [showLiveToast],
  );
  const api = useMemo(() => ({ showToast, showLiveToast }), [showToast, showLiveToast]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="ui-toast-region" role="status" aria-live="polite">
        {toasts.map((toast) => (
          <ToastSlot key={toast.id} entry={toast} onDismiss={dismiss} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

function ToastSlot({ entry, onDismiss }: { entry: ToastEntry; onDismiss: (id: number) => void }) {
  return <>{entry.render(() => onDismiss(entry.id))}</>;
}

export interface ToastFrameProps {
  tone: AlertTone;
  /** How long the toast stays from when this value is set; 0 keeps it until dismissed. */
  timeoutMs: number;
  /** Names the Dismiss button ('Dismiss: {label}'). */
  label: string;
  onDismiss: () => void;
  children: ReactNode;
}

/** One toast: its content, the tone's accent, a Dismiss button and the timeout. */
export function ToastFrame({ tone, timeoutMs, label, onDismiss, children }: ToastFrameProps) {
  const dismissRef = useLatest(onDismiss);
  useEffect(() => {
    if (timeoutMs <= 0) return;
    const timer = setTimeout(() => dismissRef.current(), timeoutMs);
    return () => clearTimeout(timer);
  }, [timeoutMs, dismissRef]);

  return (
    <div className={cx('ui-toast', `ui-toast-${tone}`)}>
      <div className="ui-toast-message">{children}</div>
      <Button variant="ghost" size="small" onPress={onDismiss} aria-label={`Dismiss: ${label}`}>
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
