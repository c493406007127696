// The set's tabs in their order, as a row of finger-sized tabs that scrolls sideways when a set has
// more than fit (up to 25). The first nine carry the digit that picks them from anywhere in the view.
import { useI18n } from "../i18n/i18n.tsx";

export interface KeyTab {
  id: string;
  name: string;
}

export function KeyTabs(props: {
  tabs: readonly KeyTab[];
  selected: number;
  /** The id of the panel the tabs control. */
  panelId: string;
  onSelect: (index: number) => void;
}) {
  const { t } = useI18n();
  return (
    <div className="key-tabs" role="tablist" aria-label={t("keys.tabs")}>
      {props.tabs.map((tab, index) => {
        const digit = index < 9 ? String(index + 1) : undefined;
        return (
          <button
            key={tab.id}
            type="button"
            role="tab"
            aria-selected={index === props.selected}
            aria-controls={props.panelId}
            aria-keyshortcuts={digit}
            onClick={() => props.onSelect(index)}
          >
            {digit && (
              <span className="tab-digit" aria-hidden="true">
                {digit}
              </span>
            )}
            {tab.name}
          </button>
        );
      })}
    </div>
  );
}
