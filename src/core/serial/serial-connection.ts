// What the serial scanner needs of an open port, so it runs over the real `serialport` package in the
// app and the CLI, and over anything else that reads bytes (a test's pseudo-terminal) alike.

export interface SerialConnection {
  onData(listener: (bytes: Buffer) => void): void;
  /** Heard once, when the port goes away by itself (unplugged, a hub reset), with why. */
  onLost(listener: (reason: string) => void): void;
  close(): Promise<void>;
}

/** Opens `port` at `baud`; rejects with the system's reason when it cannot. */
export type OpenSerialPort = (port: string, baud: number) => Promise<SerialConnection>;

/** Where a host's serial scanners come from: opening a port, and the ports the system lists. */
export interface SerialAccess {
  open: OpenSerialPort;
  list(): Promise<string[]>;
}
