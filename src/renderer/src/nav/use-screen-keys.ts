// One keystroke to each of the cashier's screens, from anywhere: F2 Scan, F3 Search, F4 Keys. Function
// keys type nothing, so they never start or split a scan; a function key set as the scanner's prefix
// never arrives here at all (the scan catcher keeps it from the page), so the scanner's wins.
import { useEffect, useRef } from "react";

export function useScreenKeys<Screen extends string>(
  keys: Readonly<Record<string, Screen>>,
  onPick: (screen: Screen) => void,
): void {
  const latest = useRef({ keys, onPick });
  latest.current = { keys, onPick };
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent): void {
      if (event.ctrlKey || event.altKey || event.metaKey || event.shiftKey) return;
      const screen = latest.current.keys[event.key];
      if (screen === undefined) return;
      // The browser's own use of the key (F3: find) is not what the till wants.
      event.preventDefault();
      latest.current.onPick(screen);
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);
}
