import { createContext, useContext, useMemo, useState, type ReactNode } from "react";

interface MainMenu {
  open: boolean;
  setOpen: (open: boolean) => void;
}

const MainMenuContext = createContext<MainMenu | null>(null);

/**
 * Whether the main (mobile) menu is open. Shared because the header's disclosure and the keyboard
 * shortcut Alt+M of the accessibility widget (docs/product-rules.md#accessibility) both open and
 * close it. The disclosure (app/shell/site-header.tsx) follows this state once the page's script
 * runs, and reports its own toggles back; without a script it opens and closes by itself.
 */
export function MainMenuProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const menu = useMemo(() => ({ open, setOpen }), [open]);
  return <MainMenuContext.Provider value={menu}>{children}</MainMenuContext.Provider>;
}

export function useMainMenu(): MainMenu {
  const menu = useContext(MainMenuContext);
  if (!menu) throw new Error("useMainMenu must be used within a MainMenuProvider");
  return menu;
}
