// Serial ports through the `serialport` package (prebuilt Node-API bindings: the same binary loads in
// Node and in Electron, no rebuild). Loaded on first use, so a host without serial scanners never
// loads the native module.
import type { SerialAccess, SerialConnection } from "./serial-connection.ts";

async function serialPortClass() {
  return (await import("serialport")).SerialPort;
}

export const serialportAccess: SerialAccess = {
  async open(path, baudRate) {
    const SerialPort = await serialPortClass();
    const port = new SerialPort({ path, baudRate, autoOpen: false });
    await new Promise<void>((resolve, reject) => port.open((error) => (error ? reject(error) : resolve())));
    return connectionOver(port);
  },
  async list() {
    const SerialPort = await serialPortClass();
    return (await SerialPort.list()).map((info) => info.path);
  },
};

type OpenedPort = InstanceType<Awaited<ReturnType<typeof serialPortClass>>>;

function connectionOver(port: OpenedPort): SerialConnection {
  return {
    onData: (listener) => port.on("data", listener),
    onLost(listener) {
      // A port that fails while open is as gone as one unplugged: it closes, and is opened afresh.
      port.on("error", (error: Error) => {
        if (port.isOpen) port.close();
        listener(error.message);
      });
      port.on("close", (error: Error | null) => {
        if (error) listener(error.message);
      });
    },
    close: () =>
      new Promise((resolve) => {
        if (!port.isOpen) return resolve();
        port.close(() => resolve());
      }),
  };
}
