// A stand-in for electron-updater's autoUpdater, recording what the shell asks of it; the test plays
// the feed's part by emitting its events.
import { EventEmitter } from "node:events";
import type { UpdaterLike } from "../../src/main/app-updates.ts";

export class UpdaterDouble extends EventEmitter implements UpdaterLike {
  autoDownload = false;
  autoInstallOnAppQuit = false;
  feeds: { provider: string; url: string }[] = [];
  checks = 0;
  installs: [boolean | undefined, boolean | undefined][] = [];
  /** How many times the shell loaded it. */
  loaded = 0;

  setFeedURL(options: { provider: "generic"; url: string }) {
    this.feeds.push(options);
  }
  async checkForUpdates() {
    this.checks += 1;
    return null;
  }
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean) {
    this.installs.push([isSilent, isForceRunAfter]);
  }
  load = async (): Promise<UpdaterLike> => {
    this.loaded += 1;
    return this;
  };
}
