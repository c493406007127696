// The till's settings: where the service is, who signs in, how the catalog syncs, how the scanner
// behaves. Plain JSON, validated with this schema wherever it is read (settings file, IPC).
import { z } from "zod";
import { defaultScaleRules } from "../barcode/scale-label.ts";
import { scanOptionsSchema } from "../barcode/scan-options.ts";
import { shortestAwayMs } from "../camera/code-confirmation.ts";
import { unitPriceRules } from "../catalog/unit-price.ts";
import { layoutIds } from "../keyboard/keystroke-reading.ts";
import { defaultSerialScanner, serialScannerSettingsSchema } from "../serial/serial-settings.ts";

/**
 * The commerce service's address, wherever it is given (settings, sign-in, the CLI). A user name or
 * password in it is refused: fetch will not send such an address, and the settings file would keep
 * the password in plain text. Each message completes "… needs …" or "… must be …".
 */
export const serviceUrlSchema = z
  .url({
    protocol: /^https?$/,
    message: "an http:// or https:// address, such as https://shop.example.com",
    // The check for a user name below assumes an address; it means nothing if this one failed.
    abort: true,
  })
  .max(2000, "an address of at most 2,000 characters")
  // A user name or password sits before an "@" ahead of the path; in an http address slashes and
  // backslashes both end the host. (Shared code is typed for no platform, so it has no URL class to ask.)
  .refine(
    (value) => !/^[^:]*:[/\\]*[^/\\?#]*@/u.test(value),
    "an address without a user name or password in it, such as https://shop.example.com",
  );

/** The non-secret half of a sign-in, remembered so the sign-in form comes pre-filled. */
export const signInIdentitySchema = z.discriminatedUnion("method", [
  z.object({
    method: z.literal("organisation"),
    organisation: z.string().min(1).max(200),
    username: z.string().min(1).max(200),
  }),
  z.object({ method: z.literal("api-key"), accountId: z.string().min(1).max(200) }),
]);
export type SignInIdentity = z.infer<typeof signInIdentitySchema>;

/** How a keyboard-wedge scanner is told apart from typing, and what it adds around a code. */
export const scannerSettingsSchema = scanOptionsSchema.extend({
  /** Longest pause between two keys of one scan. */
  maxKeyGapMs: z.number().int().min(5).max(1000),
  /** Longest time a whole scan may take. */
  maxScanMs: z.number().int().min(20).max(5000),
  /** Shorter input is typing, not a scan. */
  minLength: z.number().int().min(1).max(64),
  /**
   * A key the scanner presses before every code, so a scan is known from its first key: a function
   * key ("F9") or one character ("]" for scanners that send AIM symbology identifiers); "" for none.
   */
  triggerKey: z
    .union([z.literal(""), z.string().regex(/^F([1-9]|1\d|2[0-4])$/u), z.string().length(1)])
    // Settings saved before this field existed keep their other scanner values.
    .default(""),
  /**
   * The keyboard layout the scanner emulates: "auto" (digit-only codes right on every layout, the
   * rest as this computer types it), "this-computer", or a layout such as "us", which calibration sets.
   */
  layout: z.enum(["auto", "this-computer", ...layoutIds]).default("auto"),
});
export type ScannerSettings = z.infer<typeof scannerSettingsSchema>;

/**
 * How long one request to the commerce service may take, phase by phase, in seconds: opening the
 * connection, until the answer starts, and until its last byte. A request past one is given up
 * (and retried), so a service that answers nothing or dribbles can never hold a sync.
 */
export const requestTimeoutsSchema = z.object({
  connectSeconds: z.number().min(1).max(300),
  firstByteSeconds: z.number().min(1).max(600),
  wholeAnswerSeconds: z.number().min(1).max(3600),
});
export type RequestTimeouts = z.infer<typeof requestTimeoutsSchema>;

// A connection opens in well under a second. A healthy service starts answering within seconds, but
// one swamped by a whole chain syncing at opening time took over 30 s (npm run rush): a minute, like
// common proxies' read timeout. A products page of 1,000 records is a few megabytes: two minutes
// cover a slow shop line on top of a slow start.
export const defaultRequestTimeouts: RequestTimeouts = {
  connectSeconds: 10,
  firstByteSeconds: 60,
  wholeAnswerSeconds: 120,
};

/**
 * The longest one sync attempt, and one sign-in or change of address, may wait on the service, in
 * seconds, every request and retry inside it included. Without it the per-request timeouts multiplied
 * by the retries made minutes of silence; inside it a retry that could not finish is not started.
 */
export const timeLimitsSchema = z.object({
  syncSeconds: z.number().int().min(10).max(3600),
  signInSeconds: z.number().int().min(10).max(600),
});
export type TimeLimits = z.infer<typeof timeLimitsSchema>;

// Room for a try and a retry at the default first-byte timeout (a minute each) in a sync, and for one
// in a sign-in, while a till showing "syncing" or "signing in" is never held for minutes.
export const defaultTimeLimits: TimeLimits = { syncSeconds: 150, signInSeconds: 70 };

/**
 * The camera as a scanner (docs/scanner.md): which one (a device id the system gave; null for the
 * system's default camera), whether it starts with the scan screen (a till with no scanner)
 * rather than only from the scan screen's camera button, and how long a code must be out of view
 * before it counts again (settings stored before there was a choice get the shortest).
 */
export const cameraSettingsSchema = z.object({
  startWithScan: z.boolean(),
  deviceId: z.string().min(1).max(500).nullable(),
  awayMs: z.number().int().min(shortestAwayMs).max(10_000).default(shortestAwayMs),
});
export type CameraSettings = z.infer<typeof cameraSettingsSchema>;

/** Which of the service's prices this till charges (see shared/catalog/price-rule.ts). */
export const priceSettingsSchema = z.object({
  /** This till's branch, as the catalog's branch prices name it; null charges the default prices. */
  branch: z.string().trim().min(1).max(200).nullable(),
  /** ISO 4217 letters; null takes each product's first default price's currency. */
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/u, "three capital letters, such as EUR")
    .nullable(),
});
export type PriceSettings = z.infer<typeof priceSettingsSchema>;

/**
 * The product pictures kept on this till (see docs/images.md). 500 MB by default: a till's disk is
 * tens of gigabytes, and 500 MB keeps the screen pictures of some 10,000 products at 50 KB each, the
 * catalog's most recently changed ones first, while leaving the disk to the catalog and the system.
 */
export const imageSettingsSchema = z.object({
  /** Download pictures after each sync; off keeps what is cached and downloads nothing more. */
  enabled: z.boolean(),
  capMegabytes: z
    .number({ message: "The picture cache's size must be a number of megabytes" })
    .int("The picture cache's size must be a whole number of megabytes")
    .min(1, "The picture cache's size must be at least 1 MB")
    .max(100_000, "The picture cache's size must be at most 100,000 MB (100 GB)"),
});
export type ImageSettings = z.infer<typeof imageSettingsSchema>;

export const defaultImageSettings: ImageSettings = { enabled: true, capMegabytes: 500 };

/** How much the log file says: errors only, warnings too, every event (the default), or details. */
export const logLevels = ["error", "warn", "info", "debug"] as const;
export type LogLevel = (typeof logLevels)[number];

/**
 * The address of the update feed (see docs/running-many-tills.md): https only, because whatever it
 * serves runs on every till; plain http only on this machine's loopback, where nothing travels.
 */
export const updateFeedSchema = z
  .url({ protocol: /^https?$/, message: "an https:// address, such as https://updates.example.com/till" })
  .max(2000, "an address of at most 2,000 characters")
  .refine(
    (value) =>
      value.startsWith("https://") || /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?(\/|$)/u.test(value),
    "an https:// address: plain http would let anyone on the way hand the till other code",
  );

/** Updates of the desktop app: none without a feed; a kiosk installs them at the quiet hour. */
export const updateSettingsSchema = z.object({
  feedUrl: updateFeedSchema.nullable(),
  /** "HH:MM" on the till's clock: a kiosk, which never quits, restarts into an update then. */
  quietHour: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/u, "a time of day such as 03:00"),
});
export type UpdateSettings = z.infer<typeof updateSettingsSchema>;

/** What the shelf labels show (docs/labels.md): the unit price as the shop's country asks for it. */
export const shelfLabelSettingsSchema = z.object({
  /** ISO 3166 letters of the shop's country, whose rule the unit price follows. */
  country: z.string().regex(/^[A-Z]{2}$/u, "two capital letters, such as DE"),
  /** A rule of its own instead of the country's (per-100: per 100 g / 100 ml); null follows the country. */
  unitPriceRule: z.enum(unitPriceRules).nullable(),
});
export type ShelfLabelSettings = z.infer<typeof shelfLabelSettingsSchema>;

export const appSettingsSchema = z.object({
  /** The commerce service; null until the first sign-in. */
  baseUrl: serviceUrlSchema.nullable(),
  signIn: signInIdentitySchema.nullable(),
  /** Products per page during a sync. */
  pageSize: z.number().int().min(1).max(5000),
  /** Minutes between background syncs; 0 syncs only at start-up, on demand and on reconnect. */
  syncIntervalMinutes: z.number().int().min(0).max(1440),
  requestTimeouts: requestTimeoutsSchema,
  timeLimits: timeLimitsSchema,
  /**
   * A sync that reports nothing for this long is stopped as stuck, and the next one resumes. It must
   * outlast one page's worst honest case: every attempt at its whole-answer timeout, plus the waits.
   */
  syncStallMinutes: z.number().int().min(1).max(120),
  /** A catalog older than this is shown as out of date. */
  staleAfterHours: z
    .number()
    .min(1)
    .max(24 * 30),
  scanner: scannerSettingsSchema,
  /** A checkout scanner on a serial line (RS-232 or USB-COM), beside the keyboard wedge. */
  serialScanner: serialScannerSettingsSchema,
  /** A BCP 47 language tag such as "en" or "de-AT"; empty follows the system's language. */
  language: z
    .string()
    .regex(
      /^([a-z]{2,3}(-[A-Za-z0-9]{2,8})*)?$/u,
      "a language tag such as en or de-AT, or empty for the system's",
    ),
  /** A short tone when a scan is found or not found. */
  sound: z.boolean(),
  camera: cameraSettingsSchema,
  prices: priceSettingsSchema,
  /**
   * The favourite set whose keys this till shows, by name, where the branch has no default set and
   * the account more than one (docs/keys.md); null leaves it to those.
   */
  favouriteSet: z.string().trim().min(1).max(200).nullable(),
  images: imageSettingsSchema,
  shelfLabels: shelfLabelSettingsSchema,
  logLevel: z.enum(logLevels),
  updates: updateSettingsSchema,
});
export type AppSettings = z.infer<typeof appSettingsSchema>;

export const defaultSettings: AppSettings = {
  baseUrl: null,
  signIn: null,
  pageSize: 1000,
  syncIntervalMinutes: 15,
  requestTimeouts: defaultRequestTimeouts,
  timeLimits: defaultTimeLimits,
  // Above one page's worst honest case: four tries at the whole-answer timeout plus the waits.
  syncStallMinutes: 15,
  staleAfterHours: 24,
  scanner: {
    prefix: "",
    suffix: "",
    groupSeparator: "",
    scaleRules: defaultScaleRules,
    maxKeyGapMs: 50,
    // The key gap tells typing from scanning; this only has to let a long code through: a 40-character
    // GS1 code from a scanner sending a key every 16 ms takes some 650 ms.
    maxScanMs: 2000,
    // A fast typist's short word ("tea" at 40 ms a key) must stay typing; retail codes are 8 or longer.
    minLength: 6,
    triggerKey: "",
    layout: "auto",
  },
  serialScanner: defaultSerialScanner,
  language: "",
  sound: true,
  camera: { startWithScan: false, deviceId: null, awayMs: shortestAwayMs },
  prices: { branch: null, currency: null },
  favouriteSet: null,
  images: defaultImageSettings,
  shelfLabels: { country: "DE", unitPriceRule: null },
  logLevel: "info",
  updates: { feedUrl: null, quietHour: "03:00" },
};

/** A change to some settings; fields left out keep their value. */
export const settingsChangeSchema = appSettingsSchema.partial().strict();
export type SettingsChange = z.infer<typeof settingsChangeSchema>;

export interface StoredSettings {
  settings: AppSettings;
  /** Each field that was stored but could not be used, in words ("images.capMegabytes: ..."). */
  unusable: string[];
}

/**
 * Settings read back from storage: each valid field is kept, each missing or damaged one (an older
 * version, an edit by hand) falls back to its default, so one bad field never loses the others. The
 * damaged ones are named, so whoever edited the file by hand learns that the edit did not take.
 */
export function settingsFromStored(stored: unknown): StoredSettings {
  const fields = typeof stored === "object" && stored !== null ? (stored as Record<string, unknown>) : {};
  const settings: Record<string, unknown> = { ...defaultSettings };
  const unusable: string[] = [];
  for (const [key, schema] of Object.entries(appSettingsSchema.shape)) {
    const parsed = (schema as z.ZodType).safeParse(fields[key]);
    if (parsed.success) settings[key] = parsed.data;
    else if (fields[key] !== undefined) unusable.push(describeIssue(key, parsed.error.issues[0]));
  }
  return { settings: settings as AppSettings, unusable };
}

function describeIssue(key: string, issue: z.core.$ZodIssue | undefined): string {
  const path = [key, ...(issue?.path ?? []).map(String)].join(".");
  return `${path}: ${issue?.message ?? "not a usable value"}`;
}
