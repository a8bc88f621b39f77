import { createContext, useContext, useMemo, useState, type ReactNode } from "react";

interface MainMenu {
  open: boolean;
  setOpen: (open: boolean) => void;
  toggle: () => void;
}

const MainMenuContext = createContext<MainMenu | null>(null);

/**
 * Whether the main (mobile) menu is open. Shared because the header's toggle and the keyboard
 * shortcut Alt+M of the accessibility widget (docs/product-rules.md#accessibility) both open and close it.
 */
export function MainMenuProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const menu = useMemo(() => ({ open, setOpen, toggle: () => setOpen((current) => !current) }), [open]);
  return <MainMenuContext.Provider value={menu}>{children}</MainMenuContext.Provider>;
}

export function useMainMenu(): MainMenu {
  const menu = useContext(MainMenuContext);
  if (!menu) throw new Error("useMainMenu must be used within a MainMenuProvider");
  return menu;
}
