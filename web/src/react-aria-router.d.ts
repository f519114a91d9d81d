import type { NavigateOptions } from 'react-router';

// Links and menu items navigate through react-router (app/Shell.tsx): their `routerOptions` are
// its options, e.g. the history state that brings a page back as it was.
declare module 'react-aria-components' {
  interface RouterConfig {
    routerOptions: NavigateOptions;
  }
}
