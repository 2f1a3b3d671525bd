/** The runtime the desktop app is built for (package.json's electron; Node inside it as undici needs). */
export const REQUIRED_ELECTRON_MAJOR = 45;
export const REQUIRED_NODE = [22, 19] as const;

/**
 * Why this runtime cannot run the console, in words, or null when it can. An Electron copied in by hand
 * (ELECTRON_OVERRIDE_DIST_PATH) may be older than the one the app is built for, and the Node inside it then lacks
 * what the platform client needs: said at start, rather than as "Something went wrong" on every call.
 */
export function unsupportedRuntime(versions: { node: string; electron?: string | undefined }, hasSqlite = sqliteBuiltIn()): string | null {
  const [major = 0, minor = 0] = versions.node.split('.').map(Number);
  if (versions.electron !== undefined) {
    const electronMajor = Number(versions.electron.split('.')[0]);
    if (electronMajor < REQUIRED_ELECTRON_MAJOR)
      return `Watchdesk needs Electron ${REQUIRED_ELECTRON_MAJOR} or newer, and this is Electron ${versions.electron}. Install the Watchdesk package, or point ELECTRON_OVERRIDE_DIST_PATH at an Electron ${REQUIRED_ELECTRON_MAJOR} build.`;
  }
  if (major < REQUIRED_NODE[0] || (major === REQUIRED_NODE[0] && minor < REQUIRED_NODE[1]))
    return `Watchdesk needs Node ${REQUIRED_NODE[0]}.${REQUIRED_NODE[1]} or newer inside its runtime, and this is Node ${versions.node}.`;
  // Everything the console keeps is in one SQLite database through Node's built-in module; a runtime built without it
  // (some Electron builds were) could keep nothing.
  if (!hasSqlite)
    return `Watchdesk keeps its data with Node's built-in SQLite (node:sqlite), and this runtime (Node ${versions.node}${versions.electron ? `, Electron ${versions.electron}` : ''}) was built without it. Install the Watchdesk package, or use an Electron ${REQUIRED_ELECTRON_MAJOR} build that has it.`;
  return null;
}

/** Whether this runtime has node:sqlite, asked without loading it. */
export function sqliteBuiltIn(): boolean {
  return process.getBuiltinModule?.('node:sqlite') !== undefined;
}
