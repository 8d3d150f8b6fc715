import { useState } from 'preact/hooks';
import { refusalText } from '../phrasebook/refusals.js';

/**
 * A change of seats from the page: runs the call, keeps its refusal in words, and reads the table
 * again either way (someone else may have changed the seats meanwhile).
 */
export function useSeatAction(reload: () => unknown): { run: (call: () => Promise<unknown>) => Promise<void>; error: string | null } {
  const [error, setError] = useState<string | null>(null);
  const run = async (call: () => Promise<unknown>) => {
    setError(null);
    try {
      await call();
    } catch (err) {
      setError(refusalText(err));
    }
    await reload();
  };
  return { run, error };
}
