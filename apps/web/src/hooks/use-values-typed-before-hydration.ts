import { type RefObject, useEffect, useEffectEvent } from 'react';

/**
 * What the visitor typed (or the browser autofilled) into a prerendered form before its code
 * ran: hydration leaves it on screen, but the form's state starts empty, so submitting would
 * call filled fields empty. Once hydrated, hands the filled fields to `adopt`; typing after
 * that goes through onChange. `fields` are the inputs' names, a constant.
 */
export function useValuesTypedBeforeHydration<Field extends string>(
  form: RefObject<HTMLFormElement | null>,
  fields: readonly Field[],
  adopt: (typed: Partial<Record<Field, string>>) => void,
): void {
  const onTyped = useEffectEvent(adopt);
  useEffect(() => {
    const elements = form.current?.elements;
    if (!elements) return;
    const typed: Partial<Record<Field, string>> = {};
    for (const field of fields) {
      const input = elements.namedItem(field);
      if (input instanceof HTMLInputElement && input.value !== '') typed[field] = input.value;
    }
    if (Object.keys(typed).length > 0) onTyped(typed);
  }, [form, fields]);
}
