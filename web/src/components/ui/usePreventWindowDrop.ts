import { useEffect } from 'react';

/**
 * While mounted, a file dropped anywhere on the page must not make the browser open it and
 * leave the app. Cancelling dragover and drop on the window stops that default.
 */
export function usePreventWindowDrop(): void {
  useEffect(() => {
    const cancel = (event: DragEvent) => event.preventDefault();
    window.addEventListener('dragover', cancel);
    window.addEventListener('drop', cancel);
    return () => {
      window.removeEventListener('dragover', cancel);
      window.removeEventListener('drop', cancel);
    };
  }, []);
}
