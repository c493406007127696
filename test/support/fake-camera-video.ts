// A video file for Chromium's fake camera (--use-file-for-fake-video-capture): barcodes the test
// draws with bwip-js, after a blank start (the time the decoder takes to load), each shown in the
// middle of a white picture for a while (upright or turned by some degrees, as a label held askew),
// with blank pictures between them (so each leaves the view), then a long blank end, since Chromium
// plays the file in a loop and a code shown again would rightly count again. ffmpeg (Debian's) puts
// it together as Y4M, the raw format Chromium reads with its frame rate.
import { spawnSync } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import bwipjs from "bwip-js/node";

export interface DrawnCode {
  /** bwip-js's name of the symbology: "ean13", "upca", "gs1-128", "gs1datamatrix", "qrcode". */
  bcid: string;
  /** What bwip-js encodes; GS1 in its "(01)…(3103)…" form. */
  text: string;
  scale: number;
}

/** A code as the camera sees it: turned clockwise by `degrees`, for `seconds`, then blank for `gapSeconds`. */
export interface CameraShow extends DrawnCode {
  degrees?: number;
  seconds?: number;
  gapSeconds?: number;
}

export const fakeVideo = {
  width: 640,
  height: 480,
  fps: 5,
  leadSeconds: 3,
  showSeconds: 1.6,
  gapSeconds: 0.8,
  endSeconds: 8,
};

/** Why ffmpeg cannot be used here, in words; null when it can. */
export function ffmpegMissing(): string | null {
  const found = spawnSync("ffmpeg", ["-version"], { stdio: "ignore" });
  return found.status === 0
    ? null
    : 'ffmpeg is not installed: run "apt-get install -y ffmpeg" (.ci/run does).';
}

/** The ffmpeg filter that turns input `index` by `degrees` on a see-through ground, labelled [t<index>]. */
function turned(index: number, degrees: number): string {
  const angle = `${degrees}*PI/180`;
  return `[${index}:v]format=rgba,rotate=${angle}:c=white@0:ow=rotw(${angle}):oh=roth(${angle})[t${index}]`;
}

/** Writes the codes' pictures and the video into `dir`; the video's path. */
export async function makeFakeCameraVideo(dir: string, codes: readonly CameraShow[]): Promise<string> {
  const { width, height, fps, endSeconds } = fakeVideo;
  const inputs: string[] = [];
  const overlays: string[] = [];
  let from = fakeVideo.leadSeconds;
  for (const [index, code] of codes.entries()) {
    const png = await bwipjs.toBuffer({
      bcid: code.bcid,
      text: code.text,
      scale: code.scale,
      includetext: false,
      paddingwidth: 10,
      paddingheight: 10,
      backgroundcolor: "FFFFFF",
    });
    const file = join(dir, `code-${index}.png`);
    await writeFile(file, png);
    inputs.push("-loop", "1", "-framerate", String(fps), "-i", file);
    const shown = code.seconds ?? fakeVideo.showSeconds;
    const previous = index === 0 ? "[0:v]" : `[v${index}]`;
    overlays.push(
      turned(index + 1, code.degrees ?? 0),
      `${previous}[t${index + 1}]overlay=x=(W-w)/2:y=(H-h)/2:enable='between(t,${from},${from + shown})'[v${index + 1}]`,
    );
    from += shown + (code.gapSeconds ?? fakeVideo.gapSeconds);
  }
  const seconds = from + endSeconds;
  const video = join(dir, "camera.y4m");
  const made = spawnSync(
    "ffmpeg",
    [
      ...["-v", "error", "-y", "-f", "lavfi", "-i", `color=c=white:s=${width}x${height}:r=${fps}`],
      ...inputs,
      ...["-filter_complex", overlays.join(";"), "-map", `[v${codes.length}]`],
      ...["-t", String(seconds), "-r", String(fps), "-pix_fmt", "yuv420p", video],
    ],
    { encoding: "utf8" },
  );
  if (made.status !== 0) throw new Error(`ffmpeg could not make the camera video: ${made.stderr}`);
  return video;
}

/** Chromium's flags for a camera that grants itself and plays `video` (a .y4m) as its picture. */
export function fakeCameraArgs(video: string): string[] {
  return [
    "--use-fake-ui-for-media-stream",
    "--use-fake-device-for-media-stream",
    `--use-file-for-fake-video-capture=${video}`,
  ];
}
