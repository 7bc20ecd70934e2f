import { useEffect, useRef } from 'react';

/**
 * Opens a list's add form when another part of the page asks (each new `request` number once, the first
 * steps), then moves focus to the form's first field, which also scrolls it into view.
 */
export function useAddRequest(request: number, openAdd: () => void, formKey: number, sectionId: string) {
  const focusNext = useRef(false);
  useEffect(() => {
    if (request === 0) return;
    focusNext.current = true;
    openAdd();
  }, [request]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (!focusNext.current) return;
    focusNext.current = false;
    document.querySelector<HTMLInputElement>(`#${sectionId}-body input`)?.focus();
  }, [formKey, sectionId]);
}
