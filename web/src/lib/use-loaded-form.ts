// A form that edits what the server holds (settings, a policy): filled from the data once it arrives,
// and open for typing only once filled. Filling it in an effect while its inputs were already enabled
// left a moment in which typing was replaced by the data arriving (a new hub's DLT entity ID, typed
// on a loaded machine, was lost that way). Data that changes later (a save's answer) fills it again.
import { useEffect, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

/**
 * Fills `form` from `data` (through `toForm`, which must be stable: a module-level function) and
 * answers whether it has been filled: disable the inputs until then.
 */
export function useLoadedForm<V extends FieldValues, D>(
  form: Pick<UseFormReturn<V>, 'reset'>,
  data: D | undefined,
  toForm: (data: D) => V,
): boolean {
  const [ready, setReady] = useState(false);
  const { reset } = form;
  useEffect(() => {
    // Data being read again from nothing (another key of its query) closes the form until it arrives.
    const filled = data !== undefined;
    if (filled) reset(toForm(data));
    // The form's store (react-hook-form's, outside React's state) now holds the data: only then may it
    // open, in the render this causes; opened in the same render as the data arrived, it was too early.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setReady(filled);
  }, [data, reset, toForm]);
  return ready;
}
