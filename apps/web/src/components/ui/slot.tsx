import {
  cloneElement,
  type HTMLAttributes,
  isValidElement,
  type ReactNode,
  type Ref,
  type RefCallback,
  useCallback,
} from 'react';

type SlotProps = HTMLAttributes<HTMLElement> & { ref?: Ref<HTMLElement>; children?: ReactNode };

type ChildProps = Record<string, unknown> & { ref?: Ref<HTMLElement> };

function setRef(ref: Ref<HTMLElement> | undefined, node: HTMLElement | null) {
  if (typeof ref === 'function') ref(node);
  else if (ref) ref.current = node;
}

/**
 * Renders its single child element with the slot's props merged in: classes joined, styles
 * merged, event handlers both called (the child's first), refs both set, the child's other props
 * winning. What `asChild` needs, as Radix's Slot does, without its 1 KB gzipped on every page
 * (the Button is on every page, the landing page included).
 */
export function Slot({ children, ref: slotRef, ...slotProps }: SlotProps) {
  if (!isValidElement<ChildProps>(children)) {
    throw new Error('Slot expects a single React element child');
  }
  const child = children;
  const { ref: childRef, ...childProps } = child.props;
  const composedRef = useCallback<RefCallback<HTMLElement>>(
    (node) => {
      setRef(slotRef, node);
      setRef(childRef, node);
    },
    [slotRef, childRef],
  );
  const merged: Record<string, unknown> = { ...slotProps, ...childProps };
  const slotValues = slotProps as Record<string, unknown>;
  for (const [name, childValue] of Object.entries(childProps)) {
    const slotValue = slotValues[name];
    if (slotValue === undefined || childValue === undefined) continue;
    if (/^on[A-Z]/.test(name)) {
      const [first, second] = [childValue, slotValue] as ((...args: unknown[]) => unknown)[];
      merged[name] = (...args: unknown[]) => {
        const result = first?.(...args);
        second?.(...args);
        return result;
      };
    } else if (name === 'className') {
      merged[name] = `${slotValue as string} ${childValue as string}`;
    } else if (name === 'style') {
      merged[name] = { ...(slotValue as object), ...(childValue as object) };
    }
  }
  merged.ref = slotRef && childRef ? composedRef : (slotRef ?? childRef);
  return cloneElement(child, merged);
}
