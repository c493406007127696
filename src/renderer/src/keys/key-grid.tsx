// A tab's keys (or a page of a group's products) as a grid five keys wide, each key at its place
// (0-24, row by row; a tab may leave places empty): one tab stop for the whole grid (the current
// key), the arrows moving between keys, Enter or a touch opening one (the keys are buttons, so Enter
// is the browser's own). A scanner's Enter never gets here: the scan catcher keeps the key that ends
// a scan from the page. Its owner gives each tab and page a React key of its own, so another tab or
// page starts at its first key.
import { type KeyboardEvent, useRef, useState } from "react";
import { movedPlace } from "./grid-moves.ts";
import { gridColumns, KeyTile, type KeyTileProps } from "./key-tile.tsx";

export type GridKey = Omit<KeyTileProps, "current" | "onFocus"> & { id: string };

export function KeyGrid(props: { label: string; keys: readonly GridKey[] }) {
  const { keys } = props;
  const places = keys.map((key) => key.place).sort((a, b) => a - b);
  const [chosen, setChosen] = useState<number | null>(null);
  const current = chosen !== null && places.includes(chosen) ? chosen : (places[0] ?? 0);
  const buttons = useRef(new Map<number, HTMLButtonElement>());

  function onKeyDown(event: KeyboardEvent<HTMLFieldSetElement>) {
    const next = movedPlace(current, event.key, places, gridColumns);
    if (next === null) return;
    event.preventDefault();
    setChosen(next);
    buttons.current.get(next)?.focus();
  }

  return (
    // A fieldset is a group of controls; the arrows move the focus among its buttons.
    <fieldset className="key-grid" aria-label={props.label} onKeyDown={onKeyDown}>
      {keys.map(({ id, ...key }) => (
        <KeyTile
          key={id}
          ref={(button) => {
            if (button) buttons.current.set(key.place, button);
            else buttons.current.delete(key.place);
          }}
          {...key}
          current={key.place === current}
          onFocus={() => setChosen(key.place)}
        />
      ))}
    </fieldset>
  );
}
