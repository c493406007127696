// The inspector behind a scan: how the code was read (kind, code as normalised, check digit, GS1
// fields, weight or price), so staff can see why a label matched or did not.
import type { ScanReading } from "../../../shared/barcode/scan-reading.ts";
import { useI18n } from "../i18n/i18n.tsx";

export function ScanDetails(props: { reading: ScanReading }) {
  const { t, weight } = useI18n();
  const { reading } = props;
  const rows: [string, string][] = [
    [t("details.kind"), t(`kind.${reading.kind}`)],
    [t("details.normalised"), visible(reading.normalised)],
    [t("details.checkDigit"), t(`check.${reading.checkDigit}`)],
    [t("details.keys"), reading.searchKeys.map(visible).join(", ")],
  ];
  if (reading.symbologyId) rows.push([t("details.symbology"), reading.symbologyId]);
  if (reading.weight) rows.push([t("details.weight"), weight(reading.weight.value, reading.weight.unit)]);
  if (reading.price) rows.push([t("details.price"), String(reading.price.value)]);
  if (reading.discount) rows.push([t("details.discount"), String(reading.discount.value)]);
  // The reading's own message is English: the screens say the problem by its kind, in their language.
  if (reading.problem) rows.push([t("details.problem"), t(`reason.${reading.problem.kind}`)]);
  const gs1 = Object.entries(reading.gs1 ?? {});
  return (
    <details className="scan-details">
      <summary>{t("details.summary")}</summary>
      <dl className="facts">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {gs1.length > 0 && (
        <>
          <h4>{t("details.gs1")}</h4>
          <dl className="facts gs1-fields">
            {gs1.map(([field, value]) => (
              <div key={field}>
                <dt>{field}</dt>
                <dd>{String(value)}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </details>
  );
}

/** The group separator is invisible: show it the way GS1 documents write it. */
function visible(code: string): string {
  return code.replaceAll("\x1d", "<GS>");
}
