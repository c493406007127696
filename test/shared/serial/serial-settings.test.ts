import { describe, expect, it } from "vitest";
import { parseSerialTarget, serialTargetIn } from "../../../src/shared/serial/serial-settings.ts";
import { settingsFromStored } from "../../../src/shared/settings/app-settings.ts";

describe("--serial PATH[:BAUD]", () => {
  it.each([
    ["/dev/ttyACM0", { port: "/dev/ttyACM0", baud: 9600 }],
    ["/dev/ttyUSB0:115200", { port: "/dev/ttyUSB0", baud: 115200 }],
    ["COM3:19200", { port: "COM3", baud: 19200 }],
    // Only digits after the last colon are a rate: a path with a colon in it stays whole.
    ["/tmp/a:b/scanner", { port: "/tmp/a:b/scanner", baud: 9600 }],
  ])("reads %s", (text, target) => {
    expect(parseSerialTarget(text)).toEqual(target);
  });

  it("refuses a missing port and a rate no scanner uses, in words", () => {
    expect(parseSerialTarget("")).toEqual({ problem: "--serial needs a port, such as /dev/ttyACM0 or COM3" });
    expect(parseSerialTarget("COM3:9601")).toMatchObject({
      problem: expect.stringContaining("one of 1200, 2400"),
    });
  });

  it("is found in a command line, as two words or one", () => {
    expect(serialTargetIn(["/opt/pos", "--kiosk", "--serial", "COM4:38400"])).toEqual({
      port: "COM4",
      baud: 38400,
    });
    expect(serialTargetIn(["/opt/pos", "--serial=/dev/ttyS1"])).toEqual({ port: "/dev/ttyS1", baud: 9600 });
    expect(serialTargetIn(["/opt/pos", "--serial"])).toMatchObject({ problem: expect.any(String) });
    expect(serialTargetIn(["/opt/pos", "--kiosk"])).toBeNull();
  });
});

describe("the serial scanner's stored settings", () => {
  it("default to none when an older settings file has none, and a damaged one is named", () => {
    expect(settingsFromStored({}).settings.serialScanner).toEqual({
      port: null,
      baud: 9600,
      lineEnding: "any",
    });
    const damaged = settingsFromStored({ serialScanner: { port: "COM3", baud: 9601, lineEnding: "cr" } });
    expect(damaged.settings.serialScanner.port).toBeNull();
    expect(damaged.unusable).toEqual([expect.stringMatching(/^serialScanner\.baud: one of 1200/)]);
  });
});
