/**
 * Setup for the `web` vitest project (jsdom). jsdom lacks a few browser APIs that
 * react-aria-components touch; the stand-ins below do the least that keeps them working
 * and never pretend to measure layout.
 */
import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy* and waitFor wait 1 s by default; on a busy two-core machine a dialog that opens after
// a request (or a lazy chunk) took longer, and tests that pass alone failed. Waiting longer
// costs nothing when the page is quick.
configure({ asyncUtilTimeout: 10_000 });

// Testing Library only knows Jest's fake timers: while vitest's fake timers are on, its async
// helpers wait on a faked setTimeout and hang. It looks for a global `jest` with
// advanceTimersByTime, so give it one that drives vitest's clock.
(globalThis as { jest?: unknown }).jest = { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) };

afterEach(() => {
  cleanup();
});

// No media queries match in jsdom (no reduced motion, no hover-capable pointer queries).
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// jsdom has no layout, so there is nothing to observe; popovers still render.
if (typeof window.ResizeObserver !== 'function') {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}

// Scrolling is a no-op without layout; react-aria calls it when moving focus in lists.
if (typeof Element.prototype.scrollIntoView !== 'function') {
  Element.prototype.scrollIntoView = function scrollIntoView() {};
}

// jsdom has no canvas: getContext already answers null, but logs "Not implemented" on every
// call (axe-core probes it). Answer null quietly.
HTMLCanvasElement.prototype.getContext = function getContext() {
  return null;
} as typeof HTMLCanvasElement.prototype.getContext;

// jsdom 27 has PointerEvent; keep a fallback for older versions so press handling still works.
if (typeof window.PointerEvent !== 'function') {
  class PointerEventFallback extends MouseEvent {
    pointerId: number;
    pointerType: string;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 1;
      this.pointerType = init.pointerType ?? 'mouse';
    }
  }
  window.PointerEvent = PointerEventFallback as unknown as typeof PointerEvent;
}

// jsdom has no CSS namespace; react-aria uses CSS.escape to build selectors.
// This follows the CSSOM "serialize an identifier" algorithm.
if (typeof globalThis.CSS?.escape !== 'function') {
  const escapeIdentifier = (value: string): string => {
    const text = String(value);
    let result = '';
    for (let i = 0; i < text.length; i += 1) {
      const code = text.charCodeAt(i);
      const char = text.charAt(i);
      if (code === 0) result += '\uFFFD';
      else if ((code >= 0x1 && code <= 0x1f) || code === 0x7f) result += `\\${code.toString(16)} `;
      else if (i === 0 && code >= 0x30 && code <= 0x39) result += `\\${code.toString(16)} `;
      else if (i === 1 && code >= 0x30 && code <= 0x39 && text.charCodeAt(0) === 0x2d) result += `\\${code.toString(16)} `;
      else if (i === 0 && code === 0x2d && text.length === 1) result += `\\${char}`;
      else if (code >= 0x80 || code === 0x2d || code === 0x5f || /[0-9A-Za-z]/.test(char)) result += char;
      else result += `\\${char}`;
    }
    return result;
  };
  (globalThis as { CSS?: unknown }).CSS = { ...(globalThis.CSS ?? {}), escape: escapeIdentifier };
}
