// Which favourite set a till shows. A set asked for by name (`catalog keys --set NAME`, the screen's
// set picker) wins; else the till's branch's default_favourite; else the only set the account has;
// else the set the Settings name. Only active sets count. A name the catalog does not hold is said,
// and the choice goes on as if none were asked.
import type { FavouriteSetInfo } from "../../shared/api/reference-data.ts";
import type { keySetChoices } from "../../shared/catalog/counter-keys.ts";

export interface KeySetChoice {
  set: FavouriteSetInfo | null;
  chosenBy: (typeof keySetChoices)[number] | null;
  notice: string | null;
}

export function chooseKeySet(
  sets: readonly FavouriteSetInfo[],
  wanted: { asked: string | null; branchDefault: string | null; setting: string | null },
): KeySetChoice {
  const active = sets.filter((set) => set.active);
  const named = (name: string | null) =>
    name === null ? undefined : active.find((set) => sameName(set.name, name));
  const notices: string[] = [];
  const asked = named(wanted.asked);
  if (asked !== undefined) return { set: asked, chosenBy: "asked", notice: null };
  if (wanted.asked !== null) notices.push(notHeld(wanted.asked, active));
  const notice = () => (notices.length === 0 ? null : notices.join(" "));
  const byBranch = active.find((set) => set.id === wanted.branchDefault);
  if (byBranch !== undefined) return { set: byBranch, chosenBy: "branch-default", notice: notice() };
  if (active.length === 1) return { set: active[0] ?? null, chosenBy: "only-set", notice: notice() };
  const bySetting = named(wanted.setting);
  if (bySetting !== undefined) return { set: bySetting, chosenBy: "setting", notice: notice() };
  if (wanted.setting !== null) notices.push(notHeld(wanted.setting, active));
  return { set: null, chosenBy: null, notice: notice() };
}

/** Names as a person types them: case and surrounding spaces do not matter. */
function sameName(name: string | null, typed: string): boolean {
  return name !== null && name.trim().toLocaleLowerCase() === typed.trim().toLocaleLowerCase();
}

function notHeld(name: string, active: readonly FavouriteSetInfo[]): string {
  const names = active.map((set) => `"${set.name ?? set.id}"`).join(", ");
  return active.length === 0
    ? `There is no favourite set "${name}": the catalog holds no active set.`
    : `There is no favourite set "${name}": the catalog holds ${names}.`;
}
