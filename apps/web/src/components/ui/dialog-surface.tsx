import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';

export type DialogSurfaceProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes back to on close: the light trigger, which Radix does not know. */
  returnFocusTo: RefObject<HTMLElement | null>;
  title: string;
  description?: ReactNode;
  children: ReactNode;
};

/**
 * The dialog itself, on Radix (focus trap, Escape, outside press, aria-modal): loaded by
 * `DialogContent` in dialog.tsx the first time a dialog opens.
 */
export function DialogSurface({
  open,
  onOpenChange,
  returnFocusTo,
  title,
  description,
  children,
}: DialogSurfaceProps) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-zinc-950/50 backdrop-blur-[1px]" />
        <DialogPrimitive.Content
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg border border-zinc-200 bg-white p-5 shadow-xl focus:outline-none dark:border-zinc-800 dark:bg-zinc-900"
          onCloseAutoFocus={(event) => {
            if (!returnFocusTo.current) return;
            event.preventDefault();
            returnFocusTo.current.focus();
          }}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <DialogPrimitive.Title className="pr-8 text-base font-semibold text-zinc-900 dark:text-zinc-50">
            {title}
          </DialogPrimitive.Title>
          {description ? (
            <DialogPrimitive.Description className="mt-1.5 text-sm text-zinc-600 dark:text-zinc-400">
              {description}
            </DialogPrimitive.Description>
          ) : null}
          <div className="mt-4">{children}</div>
          <DialogPrimitive.Close
            aria-label="Close"
            className="absolute top-3 right-3 rounded-md p-1.5 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-blue-600 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
          >
            <X aria-hidden="true" className="size-4" />
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
