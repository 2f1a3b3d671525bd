import { readFileSync } from 'node:fs';
import { startSimulator } from './index';

/**
 * `npm run simulator -- --port 8080 --seed 42 [--hooks] [--host 127.0.0.1] [--accept-create-access-token]
 *   [--media-servers N] [--top-media-servers N] [--tls-cert server.crt --tls-key server.key]`
 * Prints the base URL and the ready API token, then one line per request.
 */
const USAGE = `Usage: npm run simulator -- [options]
  --port N                      port on the host (default 8080; 0 picks a free one)
  --seed N                      seed of the generated data (default 42)
  --host H                      address to listen on (default 127.0.0.1)
  --hooks                       enable the test hooks (/__sim/...)
  --accept-create-access-token  also answer the JSON-RPC method Auth.CreateAccessToken
  --media-servers N             media servers on the dashboard
  --top-media-servers N         media servers in the dashboard's top list
  --tls-cert FILE --tls-key FILE  serve https with this PEM certificate and key (e.g. one signed by your own CA)
  --help                        this text`;

interface CliArgs {
  port: number;
  seed: number;
  host: string;
  hooks: boolean;
  alias: boolean;
  mediaServers?: number;
  topMediaServers?: number;
  tlsCert?: string;
  tlsKey?: string;
  help?: boolean;
}

function parseArgs(argv: readonly string[]): CliArgs {
  const out: CliArgs = { port: 8080, seed: 42, host: '127.0.0.1', hooks: false, alias: false };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const value = argv[i + 1];
    const number = (name: string): number => {
      const n = Number(value);
      if (value === undefined || !Number.isInteger(n) || n < 0) throw new Error(`${name} needs a non-negative integer`);
      i += 1;
      return n;
    };
    if (arg === '--port') out.port = number('--port');
    else if (arg === '--seed') out.seed = number('--seed');
    else if (arg === '--host' && value !== undefined) {
      out.host = value;
      i += 1;
    } else if (arg === '--hooks') out.hooks = true;
    else if (arg === '--accept-create-access-token') out.alias = true;
    else if (arg === '--media-servers') out.mediaServers = number('--media-servers');
    else if (arg === '--top-media-servers') out.topMediaServers = number('--top-media-servers');
    else if ((arg === '--tls-cert' || arg === '--tls-key') && value !== undefined) {
      out[arg === '--tls-cert' ? 'tlsCert' : 'tlsKey'] = value;
      i += 1;
    } else if (arg === '--help' || arg === '-h') out.help = true;
    else throw new Error(`Unknown argument ${String(arg)}.\n${USAGE}`);
  }
  if ((out.tlsCert === undefined) !== (out.tlsKey === undefined)) throw new Error(`--tls-cert and --tls-key go together.\n${USAGE}`);
  return out;
}

async function main(): Promise<void> {
  let args;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(2);
  }
  if (args.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  let tls;
  try {
    tls = args.tlsCert !== undefined && args.tlsKey !== undefined ? { cert: readFileSync(args.tlsCert), key: readFileSync(args.tlsKey) } : undefined;
  } catch (error) {
    process.stderr.write(`Cannot read the certificate or key: ${(error as Error).message}\n`);
    process.exit(2);
  }
  const sim = await startSimulator({
    ...(tls ? { tls } : {}),
    port: args.port,
    seed: args.seed,
    host: args.host,
    hooks: args.hooks,
    acceptCreateAccessToken: args.alias,
    ...(args.mediaServers !== undefined ? { mediaServers: args.mediaServers } : {}),
    ...(args.topMediaServers !== undefined ? { topMediaServers: args.topMediaServers } : {}),
    onRequest: (line) => process.stdout.write(`${new Date().toISOString()} ${line}\n`),
  });
  process.stdout.write(
    `Watchdesk platform simulator (seed ${args.seed}${args.hooks ? ', hooks on' : ''})\n` +
      `Base URL:      ${sim.baseUrl}\n` +
      `API token:     ${sim.apiToken}\n` +
      `Limited token: ${sim.limitedToken} (no camera-agents permission)\n`,
  );
  const stop = (): void => {
    void sim.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

void main();
