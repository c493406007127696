// The row of screens in the header: one button each, the shown one marked, and the function keys
// that reach some of them from anywhere (use-screen-keys.ts), named on their buttons for assistive
// technology.
import { useI18n } from "../i18n/i18n.tsx";
import { useScreenKeys } from "./use-screen-keys.ts";

export function ScreenNav<Screen extends string>(props: {
  /** Each screen with its button's label, in order. */
  screens: readonly (readonly [Screen, string])[];
  shown: Screen;
  /** Function keys by their KeyboardEvent.key ("F4"), each to the screen it shows. */
  keys: Readonly<Record<string, Screen>>;
  onShow: (screen: Screen) => void;
}) {
  const { t } = useI18n();
  useScreenKeys(props.keys, props.onShow);
  const keyOf = (screen: Screen) => Object.entries(props.keys).find(([, target]) => target === screen)?.[0];
  return (
    <nav aria-label={t("nav.label")}>
      {props.screens.map(([screen, label]) => (
        <button
          key={screen}
          type="button"
          aria-current={props.shown === screen ? "page" : undefined}
          aria-keyshortcuts={keyOf(screen)}
          onClick={() => props.onShow(screen)}
        >
          {label}
        </button>
      ))}
    </nav>
  );
}
