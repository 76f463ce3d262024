import 'react';

// Invoker Commands (HTML; Chromium 135+, Firefox 144+, Safari 26.2+): a button opens or closes
// the element `commandfor` names with no script. @types/react 19.3 has no types for them yet, and
// React 19.3 knows neither, so they are written lowercase, as React passes unknown attributes on.
declare module 'react' {
  // Merged with @types/react's declaration, whose type parameter it must repeat.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ButtonHTMLAttributes<T> {
    /** The id of the element the button's `command` acts on. */
    commandfor?: string | undefined;
    /** What the button does to that element; custom commands start with `--`. */
    command?:
      | 'show-modal'
      | 'close'
      | 'request-close'
      | 'show-popover'
      | 'hide-popover'
      | 'toggle-popover'
      | `--${string}`
      | undefined;
  }
}
