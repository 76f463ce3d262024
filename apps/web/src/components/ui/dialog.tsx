import { Slot } from './slot';
import {
  createContext,
  lazy,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  type RefObject,
  Suspense,
  use,
  useRef,
  useState,
} from 'react';

const loadSurface = () => import('./dialog-surface');
const DialogSurface = lazy(() =>
  loadSurface().then((module) => ({ default: module.DialogSurface })),
);

type DialogState = {
  open: boolean;
  setOpen: (open: boolean) => void;
  triggerRef: RefObject<HTMLElement | null>;
};

const DialogContext = createContext<DialogState | null>(null);

function useDialog(component: string): DialogState {
  const state = use(DialogContext);
  if (!state) throw new Error(`<${component}> must be inside <Dialog>`);
  return state;
}

type DialogProps = {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  children: ReactNode;
};

/**
 * Radix's dialog API (`Dialog`, `DialogTrigger`, `DialogContent`, `DialogClose`) without Radix
 * on the page until a dialog opens: the trigger and the open state are plain React here, and the
 * dialog surface with Radix's focus trap and dismissal (13 KB gzipped) loads on the first open,
 * fetched early when the pointer or focus reaches a trigger.
 */
export function Dialog({
  open: controlled,
  defaultOpen = false,
  onOpenChange,
  children,
}: DialogProps) {
  const [uncontrolled, setUncontrolled] = useState(defaultOpen);
  const triggerRef = useRef<HTMLElement | null>(null);
  const open = controlled ?? uncontrolled;
  const setOpen = (next: boolean) => {
    if (controlled === undefined) setUncontrolled(next);
    onOpenChange?.(next);
  };
  return <DialogContext value={{ open, setOpen, triggerRef }}>{children}</DialogContext>;
}

/** Opens the dialog; `asChild` lends the behaviour to the single child (a Button). */
export function DialogTrigger({
  asChild = false,
  children,
}: {
  asChild?: boolean;
  children: ReactElement | ReactNode;
}) {
  const { open, setOpen, triggerRef } = useDialog('DialogTrigger');
  const Component = asChild ? Slot : 'button';
  return (
    <Component
      ref={triggerRef as RefObject<HTMLButtonElement | null>}
      {...(asChild ? {} : { type: 'button' as const })}
      aria-haspopup="dialog"
      aria-expanded={open}
      data-state={open ? 'open' : 'closed'}
      onPointerEnter={() => void loadSurface()}
      onFocus={() => void loadSurface()}
      onClick={(event: MouseEvent) => {
        if (!event.defaultPrevented) setOpen(true);
      }}
    >
      {children}
    </Component>
  );
}

/** Closes the dialog; `asChild` lends the behaviour to the single child (a Button). */
export function DialogClose({
  asChild = false,
  children,
}: {
  asChild?: boolean;
  children: ReactElement | ReactNode;
}) {
  const { setOpen } = useDialog('DialogClose');
  const Component = asChild ? Slot : 'button';
  return (
    <Component
      {...(asChild ? {} : { type: 'button' as const })}
      onClick={(event: MouseEvent) => {
        if (!event.defaultPrevented) setOpen(false);
      }}
    >
      {children}
    </Component>
  );
}

type DialogContentProps = {
  title: string;
  description?: ReactNode;
  children: ReactNode;
};

export function DialogContent(props: DialogContentProps) {
  const { open, setOpen, triggerRef } = useDialog('DialogContent');
  // Mounted from the first open on, so Radix sees the dialog close (focus return, cleanup).
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <DialogSurface open={open} onOpenChange={setOpen} returnFocusTo={triggerRef} {...props} />
    </Suspense>
  );
}
