// electron-vite resolves `?asset` imports to a file path at build time.
/// <reference types="electron-vite/node" />
