import { useEffect, useState } from "react";

/**
 * Loads a part of the page's code the first time it is `wanted` (the accessibility panel, the
 * invitation form), and keeps it. When the code cannot be fetched (offline, or a page opened
 * before the last deployment, whose files are gone), `onFailure` runs and the next time it is
 * wanted it is fetched again; the rest of the page carries on. `load` and `onFailure` must be
 * stable (module-level, or useCallback).
 */
export function useCodeOnDemand<Module>(load: () => Promise<Module>, wanted: boolean, onFailure: () => void): Module | null {
  const [loaded, setLoaded] = useState<Module | null>(null);

  useEffect(() => {
    if (!wanted || loaded) return;
    let current = true;
    load().then(
      (module) => current && setLoaded(() => module),
      (error: unknown) => {
        console.warn("A part of the page could not be loaded", error);
        if (current) onFailure();
      },
    );
    return () => {
      current = false;
    };
  }, [load, wanted, loaded, onFailure]);

  return loaded;
}
