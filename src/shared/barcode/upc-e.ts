// UPC-E is a UPC-A with runs of zeros left out to fit small packs. Its last data digit says which
// zeros were removed; the check digit is the one of the full UPC-A, so it is carried over unchanged.

/**
 * The UPC-A (12 digits) an 8-digit UPC-E stands for, or null when the code is not UPC-E shaped
 * (UPC-E exists only for number systems 0 and 1). The check digit is copied, not verified.
 */
export function expandUpcE(upcE: string): string | null {
  if (!/^[01]\d{7}$/.test(upcE)) return null;
  const numberSystem = upcE.slice(0, 1);
  const d = upcE.slice(1, 7);
  const check = upcE.slice(7);
  const last = Number(d[5]);
  if (last <= 2) return `${numberSystem}${d.slice(0, 2)}${last}0000${d.slice(2, 5)}${check}`;
  if (last === 3) return `${numberSystem}${d.slice(0, 3)}00000${d.slice(3, 5)}${check}`;
  if (last === 4) return `${numberSystem}${d.slice(0, 4)}00000${d.slice(4, 5)}${check}`;
  return `${numberSystem}${d.slice(0, 5)}0000${last}${check}`;
}

/**
 * The UPC-E form of a UPC-A (12 digits), or null when the UPC-A has too few zeros in the right
 * places to be written short. Each case below is the inverse of one case of expandUpcE.
 */
export function compressUpcA(upcA: string): string | null {
  if (!/^[01]\d{11}$/.test(upcA)) return null;
  const numberSystem = upcA.slice(0, 1);
  const maker = upcA.slice(1, 6);
  const item = upcA.slice(6, 11);
  const check = upcA.slice(11);
  const short = shortForm(maker, item);
  return short === null ? null : `${numberSystem}${short}${check}`;
}

function shortForm(maker: string, item: string): string | null {
  if (/^\d\d[012]00$/.test(maker) && item.startsWith("00")) {
    return `${maker.slice(0, 2)}${item.slice(2)}${maker[2]}`;
  }
  if (maker.endsWith("00") && item.startsWith("000")) return `${maker.slice(0, 3)}${item.slice(3)}3`;
  if (maker.endsWith("0") && item.startsWith("0000")) return `${maker.slice(0, 4)}${item.slice(4)}4`;
  if (/^0000[5-9]$/.test(item)) return `${maker}${item[4]}`;
  return null;
}
