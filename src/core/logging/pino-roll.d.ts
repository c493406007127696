// pino-roll ships no types: the part of its API the log file uses (see its README).
declare module "pino-roll" {
  import type SonicBoom from "sonic-boom";

  interface RollOptions {
    file: string;
    size?: string | number;
    frequency?: string | number;
    extension?: string;
    limit?: { count?: number; removeOtherLogFiles?: boolean };
    mkdir?: boolean;
    sync?: boolean;
  }

  export default function build(options: RollOptions): Promise<SonicBoom>;
}
